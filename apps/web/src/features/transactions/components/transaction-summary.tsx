import type { Transaction } from '@corridor/contracts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime, useT } from '@/i18n';
import { CopyButton } from '@/ui/copy-button';
import { DefinitionList, type Definition } from '@/ui/definition-list';
import { StatusBadge } from '@/ui/status-badge';
import { toneOfColor } from '../lib/transaction-flags';
import { transactionsMessages } from '../messages';
import './transactions.css';

function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-label={title}
      data-testid={testId}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** What the customer pays and what arrives, as quoted: the full cost over the mid-market rate. */
export function AmountsSection({ transaction }: { transaction: Transaction }) {
  const t = useT(transactionsMessages);
  const items: Definition[] = [
    { term: t('amounts.send'), description: transaction.local_amount_currency_prefixed },
    { term: t('amounts.fee'), description: transaction.base_fees_currency_prefixed },
    {
      term: t('amounts.total'),
      description: <strong>{transaction.total_to_pay_currency_prefixed}</strong>,
    },
    { term: t('amounts.rate'), description: transaction.exchange_rate_formatted },
    {
      term: t('amounts.midMarket'),
      description: t('amounts.midMarketValue', {
        rate: transaction.mid_market_rate,
        markup: transaction.markup_percent,
      }),
    },
    {
      term: t('amounts.totalCost'),
      description: t('amounts.totalCostValue', {
        amount: transaction.total_cost_currency_prefixed,
        percent: transaction.total_cost_percent,
      }),
    },
    {
      term: t('amounts.receive'),
      description: <strong>{transaction.payout_amount_currency_prefixed}</strong>,
    },
    {
      term: t('amounts.availableBy'),
      description: formatDateTime(transaction.available_by, t.locale),
    },
    { term: t('amounts.purpose'), description: transaction.purpose.title },
    { term: t('amounts.created'), description: formatDateTime(transaction.created_at, t.locale) },
    { term: t('amounts.updated'), description: formatDateTime(transaction.updated_at, t.locale) },
  ];
  return (
    <Section title={t('amounts.title')} testId="transaction-amounts">
      <DefinitionList items={items} />
    </Section>
  );
}

// Names are the heading already; the account's other lines are what the customer checks.
const nameTypes = new Set(['name', 'second_name', 'third_name']);

/** Who receives it and where: the recipient's name, relationship and account lines. */
export function RecipientSection({ transaction }: { transaction: Transaction }) {
  const t = useT(transactionsMessages);
  const { recipient } = transaction;
  const items: Definition[] = [
    { term: t('recipient.name'), description: recipient.whole_name },
    ...(recipient.relationship === null
      ? []
      : [{ term: t('recipient.relationship'), description: recipient.relationship.title }]),
    { term: t('recipient.method'), description: transaction.payout_method.title },
    { term: t('recipient.partner'), description: transaction.payout_company.title },
    ...recipient.account_detail_hashmap
      .filter((line) => !nameTypes.has(line.type))
      .map((line) => ({
        key: `${line.type}-${line.key}`,
        term: line.key,
        description: line.value,
      })),
  ];
  return (
    <Section title={t('recipient.title')} testId="transaction-recipient">
      <DefinitionList items={items} />
    </Section>
  );
}

/** How it is paid: the method, the payment's state and reference, and the paying account. */
export function PaymentSection({ transaction }: { transaction: Transaction }) {
  const t = useT(transactionsMessages);
  const { payment } = transaction;
  const account = payment.payment_account;
  const items: Definition[] = [
    { term: t('payment.method'), description: payment.payment_method.title },
    {
      term: t('payment.state'),
      description: (
        <StatusBadge label={payment.state.label} tone={toneOfColor[payment.state.color_scheme]} />
      ),
    },
    { term: t('payment.amount'), description: payment.total_payment_amount_currency_prefixed },
    { term: t('payment.reference'), description: payment.shared_reference },
  ];
  if (account !== null && (account.institution !== null || account.account_number !== null)) {
    items.push({
      term: t('payment.paidWith'),
      description: [account.institution, account.account_number].filter(Boolean).join(' · '),
    });
  }
  return (
    <Section title={t('payment.title')} testId="transaction-payment">
      <DefinitionList items={items} />
    </Section>
  );
}

/** The payout, once a partner has it: its reference, and for cash pickup the collection PIN. */
export function PayoutSection({ transaction }: { transaction: Transaction }) {
  const t = useT(transactionsMessages);
  const { payout } = transaction;
  if (payout === null) return null;
  const pin = payout.collection_pin_available ? payout.collection_pin : null;
  const items: Definition[] = [
    { term: t('payout.reference'), description: payout.shared_reference },
  ];
  if (transaction.payout_method.code === 'CASH-PICKUP') {
    items.push({
      term: t('payout.pin'),
      description:
        pin === null ? (
          <Text size="sm">{t('payout.pinLater')}</Text>
        ) : (
          <Stack gap={4} align="flex-start">
            <Text className="transaction-code" data-testid="collection-pin">
              {pin}
            </Text>
            <CopyButton value={pin} what={t('payout.pin')} />
            <Text size="sm" c="dimmed">
              {t('payout.pinHint', { name: transaction.recipient.name })}
            </Text>
          </Stack>
        ),
    });
  }
  return (
    <Section title={t('payout.title')} testId="transaction-payout">
      <DefinitionList items={items} />
    </Section>
  );
}
