import type { PaymentStateCode } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { Alert, Anchor, Stack, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { pathTo } from '@/config/routes';
import { commonMessages, useT } from '@/i18n';
import { describeError, httpStatus } from '@/lib/api-error';
import { LoadError } from '@/ui/load-error';
import { PageHeader, PageHeaderSkeleton } from '@/ui/page-header';
import { TimelineSkeleton } from '@/ui/timeline';
import { SendAgain } from '../components/send-again';
import { StateBanner } from '../components/state-banner';
import {
  AmountsSection,
  PaymentSection,
  PayoutSection,
  RecipientSection,
} from '../components/transaction-summary';
import { TransactionTimeline } from '../components/transaction-timeline';
import { isFinal } from '../lib/transaction-flags';
import { useWatchedTransaction } from '../lib/use-watched-transaction';
import { transactionsMessages } from '../messages';
import { loadMoneyBack } from '../money-back';
import '../components/transactions.css';

// Cancelling and refunds are in a chunk of their own (money-back/index.ts), fetched only for a
// transfer that can be cancelled or has been refunded.
const CancelTransfer = lazy(() => loadMoneyBack().then((m) => ({ default: m.CancelTransfer })));
const RefundsSection = lazy(() => loadMoneyBack().then((m) => ({ default: m.RefundsSection })));

/** The payment states with money received: the transfer has a receipt. */
const paidStates: readonly PaymentStateCode[] = [
  'AUTHORIZED',
  'CAPTURED',
  'PART-REFUNDED',
  'REFUNDED',
];

/** A transfer the detail polls slowly, as the fallback to its channel. */
const DETAIL_POLL_MS = 15_000;

function TransactionSkeleton() {
  const t = useT(transactionsMessages);
  const common = useT(commonMessages);
  return (
    <div>
      <VisuallyHidden>
        <h1>{common('route.viewTransaction')}</h1>
      </VisuallyHidden>
      <VisuallyHidden role="status">{t('detail.loading')}</VisuallyHidden>
      <PageHeaderSkeleton withDescription />
      <TimelineSkeleton steps={4} />
    </div>
  );
}

/**
 * One transfer (docs/product/routes-and-screens.md#transaction): its state and what it needs,
 * cancelling free inside the window, the live timeline, the figures, recipient, payment, refunds
 * and payout, "send again" and the receipt. Kept live
 * by its channel, with slow polling as the fallback until it is final.
 */
export function ViewTransactionScreen() {
  const t = useT(transactionsMessages);
  const common = useT(commonMessages);
  const { transactionId = '' } = useParams();
  const watched = useWatchedTransaction(transactionId, {
    isWaiting: (transaction) => !isFinal(transaction),
    pollMs: DETAIL_POLL_MS,
    fetchedByRoute: true,
  });
  const { transaction } = watched;
  const back = (
    <Anchor component={Link} to={pathTo('transactions')}>
      {t('detail.allTransactions')}
    </Anchor>
  );

  if (transaction === undefined) {
    if (watched.error === null || watched.error === undefined) {
      return watched.isSlow ? (
        <Stack gap="sm" align="flex-start">
          <PageHeader title={common('route.viewTransaction')} />
          <LoadError
            title={t('watch.slow')}
            message={t('watch.slowMessage')}
            onRetry={watched.refetch}
            retrying={watched.isFetching}
          />
          {back}
        </Stack>
      ) : (
        <TransactionSkeleton />
      );
    }
    return (
      <div>
        <PageHeader title={common('route.viewTransaction')} />
        <Stack gap="sm" align="flex-start">
          {httpStatus(watched.error) === 404 ? (
            <Alert color="red" variant="light" role="alert" title={t('detail.notFound')} w="100%">
              {t('detail.notFoundMessage')}
            </Alert>
          ) : (
            <LoadError
              title={t('detail.failed')}
              message={describeError(watched.error, t('detail.failedMessage'))}
              onRetry={watched.refetch}
              retrying={watched.isFetching}
            />
          )}
          {back}
        </Stack>
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title={t('detail.title', { number: transaction.transaction_number })}
        description={t('detail.summary', {
          amount: transaction.local_amount_currency_prefixed,
          name: transaction.recipient.whole_name,
        })}
        backTo={pathTo('transactions')}
      />
      <div className="transactions-layout">
        <div>
          <Stack gap="lg">
            <StateBanner transaction={transaction} />
            {transaction.cancellable_until !== null && (
              <Suspense fallback={null}>
                <CancelTransfer transaction={transaction} onRefused={watched.refetch} />
              </Suspense>
            )}
            <section aria-labelledby="timeline-heading">
              <Stack gap="sm">
                <Title order={2} size="h4" id="timeline-heading">
                  {t('detail.timeline')}
                </Title>
                <TransactionTimeline transaction={transaction} />
              </Stack>
            </section>
            <SendAgain transaction={transaction} />
            {paidStates.includes(transaction.payment.state.code) && (
              // A plain link: the session's cookie goes with it, and the PDF is an attachment.
              <Anchor href={apiPaths.transactionReceipt(transaction.id)} download>
                {t('detail.receipt')}
              </Anchor>
            )}
          </Stack>
        </div>
        <div>
          <Stack gap="md">
            <AmountsSection transaction={transaction} />
            <RecipientSection transaction={transaction} />
            <PaymentSection transaction={transaction} />
            {transaction.refunds.length > 0 && (
              <Suspense fallback={null}>
                <RefundsSection transaction={transaction} />
              </Suspense>
            )}
            <PayoutSection transaction={transaction} />
          </Stack>
        </div>
      </div>
    </div>
  );
}
