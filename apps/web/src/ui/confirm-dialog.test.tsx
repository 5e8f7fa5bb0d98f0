import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function Harness(props: Partial<ConfirmDialogProps>) {
  const [opened, setOpened] = useState(true);
  return (
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
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Sign out of all other devices?' });

describe('ConfirmDialog', () => {
  it('asks, names the action and starts on Cancel so Enter never confirms by accident', async () => {
    const onConfirm = vi.fn();
    renderRoutes([{ path: '/', element: <Harness onConfirm={onConfirm} /> }], '/');
    const cancel = await within(dialog()).findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    expect(dialog()).toHaveTextContent('Every other device will be signed out.');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Sign out' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('closes on Cancel', async () => {
    renderRoutes([{ path: '/', element: <Harness /> }], '/');
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Cancel' }));
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
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Nothing was signed out. Try again.',
    );
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
