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
});
