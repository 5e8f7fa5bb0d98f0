import type { QuoteRequest, Transaction } from '@corridor/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '@/config/routes';
import { newIdempotencyKey, sendMoneyToRecipient } from '@/features/quotes';
import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { SendIcon } from '@/ui/icons';
import { transactionsMessages } from '../messages';

/** The same amount, route and method to the same recipient, priced again today. */
function requestOf(transaction: Transaction): QuoteRequest {
  return {
    amount_type: 'send',
    amount: transaction.local_amount,
    payment_country_id: transaction.payment_country.id,
    payment_currency_id: transaction.payment_currency.id,
    payout_country_id: transaction.payout_country.id,
    payout_currency_id: transaction.payout_currency.id,
    payout_method_id: transaction.payout_method.id,
    payout_company_id: transaction.payout_company.id,
  };
}

/**
 * "Send again": saves a fresh quote to this recipient (POST /recipient/send-money/{id}, the
 * recipients' flow) and opens the transfer wizard on it. One key per page, so a retry after a
 * lost answer saves one quote.
 */
export function SendAgain({ transaction }: { transaction: Transaction }) {
  const t = useT(transactionsMessages);
  const navigate = useNavigate();
  const [key] = useState(newIdempotencyKey);
  const send = useMutation({
    mutationFn: () => sendMoneyToRecipient(transaction.recipient.id, requestOf(transaction), key),
    onSuccess: (saved) => void navigate(pathTo('transferWizard', { quoteId: saved.id })),
  });
  return (
    <Stack gap="xs" align="flex-start">
      <Button leftSection={<SendIcon />} onClick={() => send.mutate()} loading={send.isPending}>
        {t('sendAgain.action', { name: transaction.recipient.name })}
      </Button>
      {send.isError && (
        <Alert color="red" variant="light" role="alert" w="100%">
          {describeError(send.error, t('sendAgain.failed'))}
        </Alert>
      )}
    </Stack>
  );
}
