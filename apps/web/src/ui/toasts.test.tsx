import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { clearToasts, showToast, Toaster } from './toasts';

function renderToaster() {
  return renderRoutes([{ path: '/', element: <Toaster /> }], '/');
}

describe('Toaster', () => {
  afterEach(() => act(() => clearToasts()));

  it('is a named live region before any toast, so screen readers hear the first', async () => {
    renderToaster();
    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect(region.querySelector('[aria-live="polite"]')).not.toBeNull();
    act(() => {
      showToast({ message: 'Your address was saved.' });
    });
    expect(within(region).getByText('Your address was saved.')).toBeInTheDocument();
  });

  it('keeps an error until it is dismissed', async () => {
    renderToaster();
    act(() => {
      showToast({ title: 'Not saved', message: 'Try again.', tone: 'danger' });
    });
    expect(screen.getByText('Not saved')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Not saved')).not.toBeInTheDocument());
  });

  it('lets a success go by itself after a while', async () => {
    renderToaster();
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    try {
      act(() => {
        showToast({ message: 'Copied.' });
      });
      expect(screen.getByText('Copied.')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(6000));
      expect(screen.queryByText('Copied.')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the same words once, however often they are said (issue 28)', async () => {
    renderToaster();
    act(() => {
      for (let i = 0; i < 3; i += 1) {
        showToast({ title: 'Not accepted', message: 'The photo is blurred.', tone: 'danger' });
      }
    });
    expect(screen.getAllByText('Not accepted')).toHaveLength(1);
  });

  it('lets a newer toast about the same thing take the place of the older one', async () => {
    renderToaster();
    act(() => {
      showToast({ title: 'Not accepted', message: 'Blurred.', tone: 'danger', about: 'passport' });
      showToast({ message: 'Other news.', tone: 'info' });
      showToast({ message: 'Passport verified.', about: 'passport' });
    });
    expect(screen.queryByText('Not accepted')).not.toBeInTheDocument();
    const items = within(screen.getByRole('region', { name: 'Notifications' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual(['Other news.', 'Passport verified.']);
  });
});
