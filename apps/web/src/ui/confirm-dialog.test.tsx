import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { configureModalOnDemand } from './modal-on-demand';

function Harness({
  initiallyOpened = true,
  ...props
}: Partial<ConfirmDialogProps> & { initiallyOpened?: boolean }) {
  const [opened, setOpened] = useState(initiallyOpened);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Sign out everywhere
      </button>
      <ConfirmDialog
        opened={opened}
        title="Sign out of all other devices?"
        confirmLabel="Sign out"
        tone="danger"
        onConfirm={vi.fn()}
        onClose={() => setOpened(false)}
        {...props}
      >
        Every other device will be signed out.
      </ConfirmDialog>
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Sign out of all other devices?' });
/** The dialog once it is on view: its Modal's code may still be coming (modal-on-demand.tsx). */
const openedDialog = () => screen.findByRole('dialog', { name: 'Sign out of all other devices?' });

describe('ConfirmDialog', () => {
  afterEach(() => configureModalOnDemand());

  it('issue 31: fetches its Modal after the first paint, and opens when pressed before it came', async () => {
    // The screen's first load carries no Modal: its code is asked for once the screen painted.
    let arrive: () => void = () => undefined;
    let fetched = 0;
    configureModalOnDemand(() => {
      fetched += 1;
      return new Promise<void>((resolve) => (arrive = () => resolve())).then(
        () => import('./modal'),
      );
    });
    renderRoutes([{ path: '/', element: <Harness initiallyOpened={false} /> }], '/');
    const opener = screen.getByRole('button', { name: 'Sign out everywhere' });
    await waitFor(() => expect(fetched).toBe(1));
    await userEvent.click(opener);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    arrive();
    const cancel = await within(await screen.findByRole('dialog')).findByRole('button', {
      name: 'Cancel',
    });
    // Opened as though it had been there all along: focus moves in, and back to the opener.
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(fetched).toBe(1);
  });

  it('issue 31: pressed while its Modal cannot be fetched, stays closed and asks again next time', async () => {
    let fail = true;
    let fetched = 0;
    configureModalOnDemand(() => {
      fetched += 1;
      return fail ? Promise.reject(new Error('offline')) : import('./modal');
    });
    renderRoutes([{ path: '/', element: <Harness initiallyOpened={false} /> }], '/');
    await waitFor(() => expect(fetched).toBe(1));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(fetched).toBe(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Every other device will be signed out.',
    );
  });

  it('asks, names the action and starts on Cancel so Enter never confirms by accident', async () => {
    const onConfirm = vi.fn();
    renderRoutes([{ path: '/', element: <Harness onConfirm={onConfirm} /> }], '/');
    const cancel = await within(await openedDialog()).findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    expect(dialog()).toHaveTextContent('Every other device will be signed out.');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Sign out' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('closes on Cancel', async () => {
    renderRoutes([{ path: '/', element: <Harness /> }], '/');
    await userEvent.click(
      await within(await openedDialog()).findByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('waits while the action runs and shows its failure inside, still offering it', async () => {
    const onClose = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: <Harness pending error="Nothing was signed out. Try again." onClose={onClose} />,
        },
      ],
      '/',
    );
    expect(await within(await openedDialog()).findByRole('alert')).toHaveTextContent(
      'Nothing was signed out. Try again.',
    );
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
