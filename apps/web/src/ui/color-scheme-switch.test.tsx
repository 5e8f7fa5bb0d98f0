import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ColorSchemeSwitch } from './color-scheme-switch';

describe('ColorSchemeSwitch', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });

  it('follows this device by default and keeps a choice on this browser', async () => {
    renderRoutes([{ path: '/', element: <ColorSchemeSwitch /> }], '/');
    const group = await screen.findByRole('group', { name: 'Appearance' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Same as this device' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
    expect(localStorage.getItem('corridor-color-scheme')).toBe('dark');
  });
});
