import type { Transaction } from '@corridor/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newIdempotencyKey } from '@/features/quotes';
import { useLocale, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { transactionKeys } from '../api/query-keys';
import { cancelTransaction } from './cancel-transaction';
import { formatTimeOfDay, useCancelWindowOpen } from './cancel-window';
import { moneyBackMessages } from './messages';

export interface CancelTransferProps {
  transaction: Transaction;
  /** Read the transfer again (a refusal: the window closed, or it moved on). */
  onRefused: () => void;
}

/**
 * "Cancel free until 14:32" (docs/product/routes-and-screens.md#transaction): one tap opens a
 * dialog saying what comes back, where and when; confirming cancels with an Idempotency-Key, one
 * per transfer, so a press after a lost answer is the same request. Gone once the window closes.
 */
export function CancelTransfer({ transaction, onRefused }: CancelTransferProps) {
  const t = useT(moneyBackMessages);
  const queryClient = useQueryClient();
  const locale = useLocale();
  const open = useCancelWindowOpen(transaction);
  const [key] = useState(newIdempotencyKey);
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelTransaction(transaction.id, key),
    // The answer is the cancelled transfer with its refund: shown at once, the list asked again.
    onSuccess: (cancelled) => {
      setConfirming(false);
      queryClient.setQueryData(transactionKeys.detail(locale, transaction.id), cancelled);
      void queryClient.invalidateQueries({ queryKey: transactionKeys.lists() });
    },
    onError: onRefused,
  });
  const until = transaction.cancellable_until;
  if (until === null || (!open && !confirming)) return null;
  const card = transaction.payment.card !== null && transaction.payment.card !== undefined;

  return (
    <Stack gap={4} align="flex-start" data-testid="cancel-transfer">
      <Button variant="default" color="red" onClick={() => setConfirming(true)}>
        {t('cancel.action', { time: formatTimeOfDay(until, t.locale) })}
      </Button>
      <Text size="sm" c="dimmed">
        {t('cancel.hint')}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={t('cancel.title')}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        tone="danger"
        pending={cancel.isPending}
        error={cancel.isError ? describeError(cancel.error, t('cancel.failed')) : null}
        onConfirm={() => cancel.mutate()}
        onClose={() => {
          setConfirming(false);
          cancel.reset();
        }}
      >
        <Stack gap="xs">
          <Text>
            {t('cancel.body', {
              amount: transaction.payment.total_payment_amount_currency_prefixed,
              name: transaction.recipient.whole_name,
            })}
          </Text>
          <Text>{t(card ? 'cancel.whenCard' : 'cancel.whenBank')}</Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
