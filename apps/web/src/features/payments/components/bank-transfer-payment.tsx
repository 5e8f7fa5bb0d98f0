import type { Payment, Transaction } from '@corridor/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { newIdempotencyKey } from '@/features/quotes';
import { BankTransferDetails, canCancelPayment } from '@/features/transactions/parts';
import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { cancelPayment } from '../api/cancel-payment';
import { markPaymentSent } from '../api/mark-payment-sent';
import { paymentPhase } from '../lib/payment-phase';
import { paymentsMessages } from '../messages';

export interface BankTransferPaymentProps {
  transaction: Transaction;
  /** Read the transfer again (after "I've paid", or a refused cancel). */
  onChanged: () => void;
  /** The payment as it is now: said paid, or cancelled, as the server accepted. */
  onPaymentChanged: (payment: Payment) => void;
}

/**
 * Paying by bank transfer (`MANUAL-PAYMENT`, docs/product/sending-money.md#payments): our account
 * and the reference to copy, the amount and deadline, "I've paid", and cancelling before then.
 */
export function BankTransferPayment({
  transaction,
  onChanged,
  onPaymentChanged,
}: BankTransferPaymentProps) {
  const t = useT(paymentsMessages);
  const { payment } = transaction;
  const phase = paymentPhase(transaction);
  // One key per payment and action: pressing again after a lost answer is the same request.
  const [sentKey] = useState(newIdempotencyKey);
  const [cancelKey] = useState(newIdempotencyKey);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const sent = useMutation({
    mutationFn: () => markPaymentSent(payment.id, sentKey),
    // Accepted: the button goes at once (no second press while the transfer is read again).
    onSuccess: () => {
      onPaymentChanged({ ...payment, customer_confirmed_payment: true });
      onChanged();
    },
  });
  const cancel = useMutation({
    mutationFn: () => cancelPayment(transaction.id, cancelKey),
    onSuccess: (cancelled) => {
      setConfirmingCancel(false);
      onPaymentChanged(cancelled);
    },
    // A 409 says why (already paid, or past cancelling): shown, and the transfer read again.
    onError: () => onChanged(),
  });

  return (
    <Stack gap="lg">
      <BankTransferDetails payment={payment} />
      {phase === 'processing' && (
        <Alert color="corridor" variant="light" role="status" title={t('bank.watching')}>
          {payment.client_payment_account?.wait_time_message ?? t('bank.watchingHint')}
        </Alert>
      )}
      {sent.isError && (
        <Alert color="red" variant="light" role="alert">
          {describeError(sent.error, t('bank.sentFailed'))}
        </Alert>
      )}
      <Group gap="sm">
        {phase === 'pending' && payment.state.code === 'PENDING' && (
          <Button onClick={() => sent.mutate()} loading={sent.isPending}>
            {t('bank.sent')}
          </Button>
        )}
        {canCancelPayment(transaction) && (
          <Button variant="default" color="red" onClick={() => setConfirmingCancel(true)}>
            {t('cancel.action')}
          </Button>
        )}
      </Group>
      {phase === 'pending' && (
        <Text size="sm" c="dimmed">
          {t('bank.sentHint')}
        </Text>
      )}
      <ConfirmDialog
        opened={confirmingCancel}
        title={t('cancel.title')}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        tone="danger"
        pending={cancel.isPending}
        error={cancel.isError ? describeError(cancel.error, t('cancel.failed')) : null}
        onConfirm={() => cancel.mutate()}
        onClose={() => {
          setConfirmingCancel(false);
          cancel.reset();
        }}
      >
        {t('cancel.body', { amount: payment.total_payment_amount_currency_prefixed })}
      </ConfirmDialog>
    </Stack>
  );
}
