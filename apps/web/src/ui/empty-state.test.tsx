import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { EmptyState } from './empty-state';
import { PeopleIcon } from './icons';

describe('EmptyState', () => {
  it('says there is nothing yet and offers the one thing to do', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <EmptyState
              icon={<PeopleIcon />}
              title="No recipients yet"
              description="Add the people you send money to."
              action={<Button>Add a recipient</Button>}
            />
          ),
        },
      ],
      '/',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'No recipients yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Add the people you send money to.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a recipient' })).toBeInTheDocument();
  });
});
