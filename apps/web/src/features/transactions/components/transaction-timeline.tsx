import type { Transaction } from '@corridor/contracts';
import { useT } from '@/i18n';
import { Timeline, type TimelineStep } from '@/ui/timeline';
import { transactionsMessages } from '../messages';

/**
 * The transfer's way so far with the time of each step, and the steps still to come greyed
 * (the server's `timeline`, docs/product/sending-money.md#transactions); the current step is
 * marked failed when its colour is red (a payout failed or was reversed).
 */
export function TransactionTimeline({ transaction }: { transaction: Transaction }) {
  const t = useT(transactionsMessages);
  const happened = transaction.timeline.filter((entry) => entry.created_at !== null).length;
  const steps: TimelineStep[] = transaction.timeline.map((entry, index) => {
    const step: TimelineStep = {
      id: `${index}-${entry.state.code}`,
      label: entry.state.label,
      state: 'upcoming',
    };
    if (entry.created_at !== null) {
      step.at = entry.created_at;
      const current = index === happened - 1;
      if (!current) step.state = 'done';
      else if (entry.state.color_scheme === 'red') step.state = 'failed';
      else if (entry.state.code === 'PAYOUT-SUCCESS') step.state = 'done';
      else step.state = 'current';
    }
    return step;
  });
  return <Timeline label={t('detail.timeline')} steps={steps} />;
}
