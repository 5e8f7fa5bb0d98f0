import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { PageHeader, PageHeaderSkeleton } from './page-header';
import { StatusBadge } from './status-badge';

describe('PageHeader', () => {
  it('has the screen’s one h1, what it is for, a way back and its primary action', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <PageHeader
              title="Transaction"
              description="Sent on 24 November 2026."
              backTo="/transactions"
              eyebrow={<StatusBadge label="Paid out" tone="success" />}
              action={<Button>Send again</Button>}
            />
          ),
        },
      ],
      '/',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction' })).toBeInTheDocument();
    expect(screen.getByText('Sent on 24 November 2026.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/transactions',
    );
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    expect(screen.getByText('Paid out')).toBeInTheDocument();
  });

  it('has a loading state hidden from screen readers', () => {
    const { container } = renderRoutes(
      [{ path: '/', element: <PageHeaderSkeleton withDescription /> }],
      '/',
    );
    expect(container.querySelector('.page-header')).toHaveAttribute('aria-hidden', 'true');
  });
});
