import type { Payment } from '@corridor/contracts';
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { pathTo } from '@/config/routes';
import { canPayAgain, useWatchedTransaction } from '@/features/transactions/parts';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { PayAgain } from '../components/pay-again';
import { PaymentOutcome } from '../components/payment-outcome';
import { isPaymentSettled, paymentPhase } from '../lib/payment-phase';
import { useGoToTransaction } from '../lib/use-go-to-transaction';
import { paymentsMessages } from '../messages';

/** How often the payment is asked for while the callback waits (the original's 10 s). */
export const CALLBACK_POLL_MS = 10_000;

/**
 * Back from a payment provider (`/payment/cb/{transactionId}`,
 * docs/product/routes-and-screens.md#payment): nothing is read from the address but the
 * transfer's id; its payment is watched until settled. Paid: the transfer's page. Failed (a
 * declined card: another card) or expired: pay again, on the payment screen.
 */
export function PaymentCallbackScreen() {
  const t = useT(paymentsMessages);
  const common = useT(commonMessages);
  const navigate = useNavigate();
  const { transactionId = '' } = useParams();
  const watched = useWatchedTransaction(transactionId, {
    isWaiting: (transaction) => !isPaymentSettled(transaction),
    pollMs: CALLBACK_POLL_MS,
    followPayment: true,
  });
  const { transaction } = watched;
  const phase = transaction === undefined ? undefined : paymentPhase(transaction);
  useGoToTransaction(transactionId, phase === 'completed');

  const toTransfer = (
    <Anchor component={Link} to={pathTo('viewTransaction', { transactionId })}>
      {t('pay.viewTransfer')}
    </Anchor>
  );
  const retried = (_payment: Payment) =>
    void navigate(pathTo('makePayment', { transactionId }), { replace: true });

  let body;
  if (transaction === undefined || phase === undefined) {
    body =
      watched.error !== null && watched.error !== undefined ? (
        <LoadError
          title={t('callback.loadFailed')}
          message={describeError(watched.error, t('callback.loadFailedMessage'))}
          onRetry={watched.refetch}
          retrying={watched.isFetching}
        />
      ) : (
        <Waiting />
      );
  } else if (phase === 'pending' || phase === 'processing') {
    body = <Waiting />;
  } else {
    body = (
      <Stack gap="md">
        <PaymentOutcome phase={phase} transaction={transaction} />
        {(phase === 'failed' || phase === 'expired') && canPayAgain(transaction) && (
          <PayAgain transaction={transaction} onRetried={retried} />
        )}
      </Stack>
    );
  }

  return (
    <div>
      <PageHeader title={common('route.paymentCallback')} />
      <Stack gap="lg" maw={640} data-testid="payment-callback">
        {body}
        {watched.isSlow && (
          <LoadError
            title={t('watch.slow')}
            message={t('watch.slowMessage')}
            onRetry={watched.refetch}
            retrying={watched.isFetching}
          />
        )}
        {toTransfer}
      </Stack>
    </div>
  );
}

function Waiting() {
  const t = useT(paymentsMessages);
  return (
    <Stack gap="sm" align="flex-start">
      <Loader size="sm" aria-hidden="true" />
      <Text role="status">{t('callback.waiting')}</Text>
      <Text size="sm" c="dimmed">
        {t('callback.waitingHint')}
      </Text>
    </Stack>
  );
}
