import type { Payment, Transaction } from '@corridor/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '@/config/routes';
import { newIdempotencyKey } from '@/features/quotes';
import { useT } from '@/i18n';
import { describeError, errorType } from '@/lib/api-error';
import { retryPayment } from '../api/retry-payment';
import { attemptsUsed } from '../lib/payment-phase';
import { paymentsMessages } from '../messages';

/** How long the paused notice stays before the transfer's page (the original's 8 s). */
export const PAUSED_REDIRECT_MS = 8_000;

/** The card method's code (docs/sandbox-providers.md#payments). */
const CARD_METHOD_CODE = 'SANDBOX-CARD';

export interface PayAgainProps {
  transaction: Transaction;
  /** The new payment, as the server answered it. */
  onRetried: (payment: Payment) => void;
}

/**
 * "Pay again" after a payment failed, expired or was cancelled: a new payment on the same
 * transfer, at most three in all (docs/product/sending-money.md#retry-and-cancel). The count is
 * the server's (the payment's reference), so only an answered request uses an attempt; a press
 * beyond the last (or the server's 409 `payment_limit_reached`) explains the pause, gives the
 * number to quote, and opens the transfer. A card paid again is another card, and says so.
 */
export function PayAgain({ transaction, onRetried }: PayAgainProps) {
  const t = useT(paymentsMessages);
  const navigate = useNavigate();
  const [paused, setPaused] = useState(false);
  // One key per payment replaced: a retry after a lost answer makes one new payment.
  const keys = useRef(new Map<string, string>());
  const keyFor = (paymentId: string) => {
    let key = keys.current.get(paymentId);
    if (key === undefined) {
      key = newIdempotencyKey();
      keys.current.set(paymentId, key);
    }
    return key;
  };
  const retry = useMutation({
    mutationFn: () => retryPayment(transaction.id, {}, keyFor(transaction.payment.id)),
    onSuccess: onRetried,
    // The server counts too (another tab may have paid again): its refusal is the same pause.
    onError: (error) => {
      if (errorType(error) === 'payment_limit_reached') setPaused(true);
    },
  });

  useEffect(() => {
    if (!paused) return undefined;
    const timer = setTimeout(
      () => void navigate(pathTo('viewTransaction', { transactionId: transaction.id })),
      PAUSED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [paused, navigate, transaction.id]);

  // A hosted card provider's payment: the new one is paid with a card again.
  const card = transaction.payment.payment_method.code === CARD_METHOD_CODE;
  const press = () => {
    if (attemptsUsed(transaction)) setPaused(true);
    else retry.mutate();
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Button onClick={press} loading={retry.isPending} disabled={paused}>
        {t(card ? 'retry.card' : 'retry.action')}
      </Button>
      {paused && (
        <Alert color="red" variant="light" role="alert" title={t('retry.pausedTitle')} w="100%">
          {t('retry.paused', { number: transaction.transaction_number })}
        </Alert>
      )}
      {retry.isError && !paused && (
        <Alert color="red" variant="light" role="alert" w="100%">
          {describeError(retry.error, t('retry.failed'))}
        </Alert>
      )}
    </Stack>
  );
}
