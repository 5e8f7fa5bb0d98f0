import type { Transaction } from '@corridor/contracts';
import { Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { useT } from '@/i18n';
import { StatusBadge } from '@/ui/status-badge';
import { toneOfColor } from '../lib/transaction-flags';
import { transactionsMessages } from '../messages';
import { StateIcon } from './state-icon';
import { WhenText } from './when-text';
import './transactions.css';

export interface TransactionRowProps {
  transaction: Transaction;
  now: Date;
}

/**
 * A transfer in the list (docs/product/routes-and-screens.md#transactions): its state's icon in
 * a tinted circle, "{amount} to {name}" linking to it, what the recipient gets and how, when, and
 * the state's label.
 */
export function TransactionRow({ transaction, now }: TransactionRowProps) {
  const t = useT(transactionsMessages);
  const { state } = transaction;
  const tone = toneOfColor[state.color_scheme];
  return (
    <li className="transaction-row" data-state={state.code} data-testid="transaction-row">
      <span className="transaction-row__icon" data-tone={tone} aria-hidden="true">
        <StateIcon code={state.code} />
      </span>
      <Stack gap={2} className="transaction-row__text">
        <Link
          to={pathTo('viewTransaction', { transactionId: transaction.id })}
          className="transaction-row__link"
        >
          {t('row.title', {
            amount: transaction.local_amount_currency_prefixed,
            name: transaction.recipient.whole_name,
          })}
        </Link>
        <Text size="sm" c="dimmed">
          {t('row.detail', {
            amount: transaction.payout_amount_currency_prefixed,
            method: transaction.payout_method.title,
          })}{' '}
          · <WhenText at={transaction.created_at} now={now} />
        </Text>
      </Stack>
      <StatusBadge label={state.label} tone={tone} withoutIcon />
    </li>
  );
}

/** The list's place while it loads. */
export function TransactionRowsSkeleton({ rows = 5 }: { rows?: number }) {
  const t = useT(transactionsMessages);
  return (
    <Paper withBorder radius="lg">
      <VisuallyHidden role="status">{t('list.loading')}</VisuallyHidden>
      <Stack gap={0} aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="transaction-row">
            <Skeleton circle height={36} />
            <Stack gap={6} className="transaction-row__text">
              <Skeleton height={14} width="60%" />
              <Skeleton height={12} width="40%" />
            </Stack>
            <Skeleton height={20} width={80} radius="xl" />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
