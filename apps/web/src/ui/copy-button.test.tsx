import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { CopyButton } from './copy-button';

function renderCopy(value = 'CR-7F3K-29QX') {
  return renderRoutes(
    [{ path: '/', element: <CopyButton value={value} what="reference" resetAfterMs={50} /> }],
    '/',
  );
}

describe('CopyButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts the text on the clipboard and says so, then reads "Copy" again', async () => {
    const user = userEvent.setup();
    renderCopy();
    const button = await screen.findByRole('button', { name: 'Copy reference' });
    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe('CR-7F3K-29QX');
    expect(button).toHaveTextContent('Copied');
    expect(screen.getByText('reference copied to the clipboard')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveTextContent('Copy'));
  });

  it('says when the browser refused, so the customer can copy it by hand', async () => {
    const user = userEvent.setup();
    renderCopy();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(await screen.findByRole('button', { name: 'Copy reference' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not copy. Select the text and copy it yourself.',
    );
  });

  it('is disabled with nothing to copy', async () => {
    renderCopy('');
    expect(await screen.findByRole('button', { name: 'Copy reference' })).toBeDisabled();
  });
});
