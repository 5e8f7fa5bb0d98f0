import type { Transaction } from '@corridor/contracts';
import { useT } from '@/i18n';
import { Timeline, type TimelineStep } from '@/ui/timeline';
import { transactionsMessages } from '../messages';

/**
 * The transfer's way so far with the time of each step, and the steps still to come greyed
 * (the server's `timeline`, docs/product/sending-money.md#transactions); the current step is
 * marked failed when its colour is red (a payout failed or was reversed). The money given back
 * (`refunds`: a missed promise's fee, a full refund; docs/product/sending-money.md#refunds) is
 * on the way too, at its time among the steps that happened.
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
  const refunds: TimelineStep[] = transaction.refunds.map((refund) => ({
    id: `refund-${refund.id}`,
    label: t(
      refund.reason === 'missed-delivery-promise'
        ? 'detail.timelineFeeRefunded'
        : 'detail.timelineRefunded',
      { amount: refund.amount_currency_prefixed },
    ),
    state: 'done',
    at: refund.refunded_at,
  }));
  // In time order (ISO times in UTC compare as strings), but the step the transfer stands at
  // stays the last that happened: a fee refunded on the way comes before it.
  const past = steps.slice(0, happened);
  const standing = past.at(-1)?.state === 'done' ? [] : past.splice(-1);
  const done = [...past, ...refunds].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
  return (
    <Timeline
      label={t('detail.timeline')}
      steps={[...done, ...standing, ...steps.slice(happened)]}
    />
  );
}
