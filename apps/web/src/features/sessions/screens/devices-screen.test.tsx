import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commonMessages, setLocale } from '@/i18n';
import { deviceFixture, deviceListFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRoutes } from '@/test/render';
import { uiMessages } from '@/ui/messages';
import { sessionsMessages } from '../messages';
import { DevicesScreen } from './devices-screen';

// As the route's loader does: the screen's words before its first render.
beforeAll(() => Promise.all([sessionsMessages.load(), uiMessages.load(), commonMessages.load()]));

const laptop = deviceFixture({
  id: '11111111-1111-4111-8111-111111111111',
  is_current: true,
  client_name: 'Firefox',
  client_version: '140.0',
  os_name: 'Windows',
  os_version: '11',
  ip_address: '198.51.100.4',
  touched_at: new Date().toISOString(),
});
const phone = deviceFixture({
  id: '22222222-2222-4222-8222-222222222222',
  device_type: 'mobile',
  model: 'iPhone',
  client_name: 'Safari',
  os_name: 'iOS',
  os_version: '18.2',
  ip_address: '203.0.113.9',
  touched_at: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
});

/** Serves the list from `devices`, which the DELETE handler edits, counting GETs. */
function serveDevices(devices = [laptop, phone]) {
  const state = { devices: [...devices], gets: 0, deleted: [] as string[], signedOutOthers: 0 };
  server.use(
    http.get('/client/v1/devices', () => {
      state.gets += 1;
      return HttpResponse.json(deviceListFixture(state.devices));
    }),
    http.delete('/client/v1/device/:id', ({ params }) => {
      const id = String(params.id);
      if (id === laptop.id) {
        return HttpResponse.json(
          { type: 'current_device', message: 'You cannot sign out the device you are using.' },
          { status: 409 },
        );
      }
      state.deleted.push(id);
      state.devices = state.devices.filter((device) => device.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/client/v1/devices/sign-out-others', () => {
      state.signedOutOthers += 1;
      const others = state.devices.filter((device) => !device.is_current).length;
      state.devices = state.devices.filter((device) => device.is_current);
      return HttpResponse.json({ signed_out: others });
    }),
  );
  return state;
}

function renderDevices() {
  return renderRoutes([{ path: '/devices', Component: DevicesScreen }], '/devices');
}

const cards = () => screen.getAllByTestId('device');

/** The card at `index`, failing the test when there is none. */
function card(index: number): HTMLElement {
  const found = cards()[index];
  if (found === undefined) throw new Error(`No device card ${index}`);
  return found;
}

describe('DevicesScreen', () => {
  it('lists every device with name, IP and last activity, marking "This device"', async () => {
    serveDevices();
    renderDevices();
    expect(screen.getByText('Loading your devices')).toHaveAttribute('role', 'status');

    await screen.findByRole('list', { name: 'Signed-in devices' });
    const first = card(0);
    const second = card(1);
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Firefox on Windows',
    );
    expect(first).toHaveTextContent('IP address 198.51.100.4');
    expect(first).toHaveTextContent('Last active just now');
    expect(first).toHaveTextContent('This device');
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();

    expect(within(second).getByRole('heading', { level: 2 })).toHaveTextContent('Safari on iOS');
    expect(second).toHaveTextContent('Last active 3 hours ago');
    expect(second).not.toHaveTextContent('This device');
    expect(
      within(second).getByRole('button', { name: 'Sign out Safari on iOS' }),
    ).toBeInTheDocument();
  });

  it('defect 26: lists this device first, named as the new-sign-in email names it', async () => {
    const current = deviceFixture({
      ...laptop,
      client_name: 'Chrome',
      client_version: '156.0.0.0',
      os_name: 'Mac',
      name: 'Chrome on macOS',
    });
    const other = deviceFixture({ ...phone, name: 'Safari on iPhone' });
    // The server lists by last activity: this device can come last.
    serveDevices([other, current]);
    renderDevices();
    await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(within(card(0)).getByRole('heading', { level: 2 })).toHaveTextContent('Chrome on macOS');
    expect(card(0)).toHaveTextContent('This device');
    expect(card(0)).not.toHaveTextContent('156.0.0.0');
    expect(within(card(1)).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Safari on iPhone',
    );
  });

  it('defect 7: signs out of all other devices after confirming; this one stays', async () => {
    const tablet = deviceFixture({
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Chrome on Android',
    });
    const state = serveDevices([laptop, phone, tablet]);
    renderDevices();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign out of all other devices' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sign out of all other devices?' });
    expect(dialog).toHaveTextContent('You stay signed in here.');
    expect(state.signedOutOthers).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));

    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(state.signedOutOthers).toBe(1);
    expect(card(0)).toHaveTextContent('This device');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByText('2 other devices have been signed out.').closest('[role="status"]'),
    ).not.toBeNull();
    // Alone now: nothing else to sign out.
    expect(
      screen.queryByRole('button', { name: 'Sign out of all other devices' }),
    ).not.toBeInTheDocument();
  });

  it('defect 7: keeps the dialog with the failure when signing out the others fails', async () => {
    const state = serveDevices();
    server.use(
      http.post('/client/v1/devices/sign-out-others', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    renderDevices();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign out of all other devices' }),
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The other devices were not signed out. Please try again.',
    );
    expect(state.signedOutOthers).toBe(0);
    expect(cards()).toHaveLength(2);
  });

  it('speaks Spanish', async () => {
    await setLocale('es', { remember: false });
    try {
      serveDevices();
      renderDevices();
      expect(await screen.findByRole('heading', { level: 1, name: 'Dispositivos' })).toBeVisible();
      await screen.findByRole('list', { name: 'Dispositivos con la sesión iniciada' });
      expect(card(0)).toHaveTextContent('Este dispositivo');
      expect(
        screen.getByRole('button', { name: 'Cerrar sesión en todos los demás dispositivos' }),
      ).toBeInTheDocument();
    } finally {
      await setLocale('en', { remember: false });
    }
  });

  it('signs another device out after confirming, then reloads the list', async () => {
    const state = serveDevices();
    renderDevices();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));

    const dialog = screen.getByRole('dialog', { name: 'Sign out this device?' });
    expect(state.deleted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(state.deleted).toEqual([phone.id]);
    expect(state.gets).toBe(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByText('Safari on iOS has been signed out.').closest('[role="status"]'),
    ).not.toBeNull();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const state = serveDevices();
    renderDevices();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.deleted).toEqual([]);
    expect(cards()).toHaveLength(2);
  });

  it('shows a failed sign-out in the dialog', async () => {
    serveDevices();
    server.use(
      http.delete('/client/v1/device/:id', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    renderDevices();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The device was not signed out. Please try again.',
    );
    expect(cards()).toHaveLength(2);
  });

  it('shows a failed load with a Retry that loads again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    server.use(
      http.get('/client/v1/devices', () =>
        fail
          ? HttpResponse.json({ message: 'Nope' }, { status: 403 })
          : HttpResponse.json(deviceListFixture([laptop])),
      ),
    );
    renderDevices();
    expect(await screen.findByRole('alert')).toHaveAccessibleName('We could not load your devices');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    log.mockRestore();
  });
});
