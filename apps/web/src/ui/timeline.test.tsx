import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { uiMessages } from './messages';
import { Timeline, TimelineSkeleton, type TimelineStep } from './timeline';

const steps: TimelineStep[] = [
  { id: 'created', label: 'Transfer created', state: 'done', at: '2026-11-24T14:05:00Z' },
  { id: 'paid', label: 'We received your money', state: 'current' },
  { id: 'out', label: 'Paid out', state: 'upcoming', description: 'Usually within minutes.' },
];

function renderTimeline(node: ReactNode) {
  return renderRoutes([{ path: '/', element: node }], '/');
}

// The parts' words load like a screen's: before the first assertion reads them.
beforeAll(() => uiMessages.load('en'));

describe('Timeline', () => {
  it('lists the steps in order, saying which are done, now and next, with their times', async () => {
    renderTimeline(<Timeline label="Transfer progress" steps={steps} />);
    const list = await screen.findByRole('list', { name: 'Transfer progress' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Transfer created, done');
    expect(items[0]?.querySelector('time')).toHaveAttribute('dateTime', '2026-11-24T14:05:00Z');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).toHaveTextContent('in progress');
    expect(items[2]).toHaveTextContent('Paid out, not startedUsually within minutes.');
  });

  it('marks a failed step', async () => {
    renderTimeline(
      <Timeline label="Progress" steps={[{ id: 'x', label: 'Payment', state: 'failed' }]} />,
    );
    expect(await screen.findByText('failed', { exact: false })).toBeInTheDocument();
  });

  it('has empty and loading states', async () => {
    renderTimeline(
      <>
        <Timeline label="Progress" steps={[]} />
        <TimelineSkeleton />
      </>,
    );
    expect(await screen.findByText('Nothing has happened yet.')).toBeInTheDocument();
    expect(screen.getByText('Loading the progress')).toBeInTheDocument();
  });
});
