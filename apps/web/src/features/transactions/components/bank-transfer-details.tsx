import type { Payment } from '@corridor/contracts';
import { Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, useT } from '@/i18n';
import { CopyButton } from '@/ui/copy-button';
import { DefinitionList } from '@/ui/definition-list';
import { transactionsMessages } from '../messages';
import './transactions.css';

export interface BankTransferDetailsProps {
  payment: Payment;
}

/**
 * Our bank account for a bank transfer (`client_payment_account`,
 * docs/product/sending-money.md#payments): the reference first and large, since a transfer
 * without it cannot be matched; each detail with a copy button; the amount and the deadline.
 */
export function BankTransferDetails({ payment }: BankTransferDetailsProps) {
  const t = useT(transactionsMessages);
  const account = payment.client_payment_account;
  if (account === null) return null;
  const reference = account.payment_reference;
  return (
    <Stack gap="md" data-testid="bank-transfer-details">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('bank.reference')}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Text className="transaction-code" data-testid="payment-reference">
            {reference}
          </Text>
          <CopyButton value={reference} what={t('bank.reference')} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('bank.referenceHint')}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('bank.amount')}
        </Text>
        <Group gap="sm">
          <Text size="xl" fw={700} className="tabular-nums" data-testid="payment-amount">
            {payment.total_payment_amount_currency_prefixed}
          </Text>
          <CopyButton value={payment.total_payment_amount} what={t('bank.amount')} />
        </Group>
      </Stack>
      <Title order={2} size="h5">
        {account.institution_name}
      </Title>
      {account.instruction_text !== '' && <Text size="sm">{account.instruction_text}</Text>}
      <DefinitionList
        items={account.attributes.map((attribute) => ({
          key: attribute.key,
          term: attribute.key,
          description: (
            <Group gap="sm" wrap="wrap">
              <Text span className="tabular-nums">
                {attribute.value}
              </Text>
              <CopyButton value={attribute.value} what={attribute.key} />
            </Group>
          ),
        }))}
      />
      {payment.expires_at !== null && (
        <Text size="sm">
          {t('bank.deadline', { when: formatDateTime(payment.expires_at, t.locale) })}
        </Text>
      )}
      {payment.payment_terms !== null && (
        <Text size="sm" c="dimmed" className="payment-terms">
          {payment.payment_terms}
        </Text>
      )}
    </Stack>
  );
}
