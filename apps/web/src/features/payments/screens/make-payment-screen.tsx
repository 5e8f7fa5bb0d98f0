import { MANUAL_PAYMENT_PROVIDER_CODE, type Transaction } from '@corridor/contracts';
import { Alert, Anchor, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { pathTo } from '@/config/routes';
import {
  canPayAgain,
  isAwaitingPayment,
  useWatchedTransaction,
} from '@/features/transactions/parts';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { LoadError } from '@/ui/load-error';
import { PageHeader, PageHeaderSkeleton } from '@/ui/page-header';
import { BankTransferPayment } from '../components/bank-transfer-payment';
import { CardPayment } from '../components/card-payment';
import { PayAgain } from '../components/pay-again';
import { PaymentOutcome } from '../components/payment-outcome';
import { hostedPageUrl } from '../lib/hosted-url';
import { paymentPhase } from '../lib/payment-phase';
import { useGoToTransaction } from '../lib/use-go-to-transaction';
import { paymentsMessages } from '../messages';

/** How often the payment is asked for while the screen waits on it (the original's 5 s). */
export const PAYMENT_POLL_MS = 5_000;

/**
 * Waiting on the server: the payment being set up, or the money after "I've paid". Not while
 * it waits for the customer to pay, nor once settled (docs/product/routes-and-screens.md#payment).
 */
function isWaitingOnPayment(transaction: Transaction): boolean {
  if (!isAwaitingPayment(transaction)) return false;
  const phase = paymentPhase(transaction);
  if (phase === 'processing' || phase === 'completed') return true;
  return phase === 'pending' && transaction.payment.state.code !== 'PENDING';
}

/**
 * Paying for a transfer (`/pay/{transactionId}`): the provider's way to pay chosen by its code
 * (a bank transfer) or by its page (a hosted provider's, the card's), kept live by the watch
 * hook and the payment's channel. Paid, or moved on: the transfer's page. Failed, expired or
 * cancelled: pay again.
 */
export function MakePaymentScreen() {
  const t = useT(paymentsMessages);
  const common = useT(commonMessages);
  const { transactionId = '' } = useParams();
  const watched = useWatchedTransaction(transactionId, {
    isWaiting: isWaitingOnPayment,
    pollMs: PAYMENT_POLL_MS,
    followPayment: true,
    fetchedByRoute: true,
  });
  const { transaction } = watched;
  const phase = transaction === undefined ? undefined : paymentPhase(transaction);
  const movedOn =
    transaction !== undefined && (phase === 'completed' || !isAwaitingPayment(transaction));
  useGoToTransaction(transactionId, movedOn);

  const toTransfer = (
    <Anchor component={Link} to={pathTo('viewTransaction', { transactionId })}>
      {t('pay.viewTransfer')}
    </Anchor>
  );

  if (transaction === undefined || phase === undefined) {
    if (watched.error !== null && watched.error !== undefined) {
      return (
        <Stack gap="sm" align="flex-start">
          <PageHeader title={common('route.makePayment')} />
          <LoadError
            title={t('pay.loadFailed')}
            message={describeError(watched.error, t('pay.loadFailedMessage'))}
            onRetry={watched.refetch}
            retrying={watched.isFetching}
          />
        </Stack>
      );
    }
    return (
      <div>
        <VisuallyHidden>
          <h1>{common('route.makePayment')}</h1>
        </VisuallyHidden>
        <VisuallyHidden role="status">{t('pay.loading')}</VisuallyHidden>
        <PageHeaderSkeleton withDescription />
        {watched.isSlow && <SlowNotice transactionId={transactionId} onRetry={watched.refetch} />}
      </div>
    );
  }

  const manual = transaction.payment.payment_provider.code === MANUAL_PAYMENT_PROVIDER_CODE;
  const hosted = hostedPageUrl(transaction.payment.payment_url);
  let body;
  if (movedOn) {
    body =
      phase === 'completed' ? (
        <PaymentOutcome phase="completed" transaction={transaction} />
      ) : (
        <Alert color="corridor" variant="light" role="status" title={t('pay.movedOn')}>
          {transaction.state.description}
        </Alert>
      );
  } else if (phase === 'pending' && transaction.payment.state.code !== 'PENDING') {
    body = (
      <Stack gap="sm" align="flex-start" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('pay.settingUp')}</Text>
      </Stack>
    );
  } else if (phase === 'pending' || phase === 'processing') {
    if (manual) {
      body = (
        <BankTransferPayment
          transaction={transaction}
          onChanged={watched.refetch}
          onPaymentChanged={watched.replacePayment}
        />
      );
    } else if (hosted !== null) {
      body = <CardPayment transaction={transaction} url={hosted} />;
    } else {
      body = (
        <Alert color="corridor" variant="light" role="alert" title={t('pay.unsupported')}>
          {t('pay.unsupportedHint')}
        </Alert>
      );
    }
  } else {
    body = (
      <Stack gap="md">
        <PaymentOutcome phase={phase} transaction={transaction} />
        {canPayAgain(transaction) && (
          <PayAgain transaction={transaction} onRetried={watched.replacePayment} />
        )}
      </Stack>
    );
  }

  return (
    <div>
      <PageHeader
        title={common('route.makePayment')}
        description={t('pay.summary', {
          number: transaction.transaction_number,
          amount: transaction.payment.total_payment_amount_currency_prefixed,
          name: transaction.recipient.whole_name,
        })}
      />
      <Stack gap="lg" maw={640}>
        {/* A retry's new payment is another provider screen: remounted, with its own keys. */}
        <div key={transaction.payment.id}>{body}</div>
        {watched.isSlow && !movedOn && (
          <SlowNotice transactionId={transactionId} onRetry={watched.refetch} />
        )}
        {toTransfer}
      </Stack>
    </div>
  );
}

/** A minute on one step: say so, offer a fresh look, and the way back to the transfer. */
function SlowNotice({ transactionId, onRetry }: { transactionId: string; onRetry: () => void }) {
  const t = useT(paymentsMessages);
  return (
    <Stack gap="xs" align="flex-start" data-testid="slow-notice">
      <LoadError title={t('watch.slow')} message={t('watch.slowMessage')} onRetry={onRetry} />
      <Anchor component={Link} to={pathTo('viewTransaction', { transactionId })}>
        {t('pay.viewTransfer')}
      </Anchor>
    </Stack>
  );
}
