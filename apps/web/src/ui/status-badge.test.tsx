import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('says the status in words, with a tone and a decorative icon', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <StatusBadge label="Paid out" tone="success" />
              <StatusBadge label="Waiting for payment" tone="warning" withoutIcon />
            </>
          ),
        },
      ],
      '/',
    );
    const paid = screen.getByText('Paid out');
    expect(paid).toHaveAttribute('data-tone', 'success');
    expect(paid.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Waiting for payment').querySelector('svg')).toBeNull();
  });
});
