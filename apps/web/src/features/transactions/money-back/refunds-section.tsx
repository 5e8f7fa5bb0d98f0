import type { Transaction, TransactionRefund } from '@corridor/contracts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, useT } from '@/i18n';
import { DefinitionList } from '@/ui/definition-list';
import { moneyBackMessages } from './messages';

/**
 * The money given back (docs/product/routes-and-screens.md#transaction): each refund's reason, amount,
 * where it went (the card paid with, or the account paid from) and when, oldest first.
 */
export function RefundsSection({ transaction }: { transaction: Transaction }) {
  const t = useT(moneyBackMessages);
  const { card } = transaction.payment;
  const where = (refund: TransactionRefund) => {
    if (refund.destination === 'bank-account') return t('refunds.to.bank-account');
    return card === null || card === undefined
      ? t('refunds.to.card')
      : t('refunds.to.cardEnding', { brand: card.brand, last4: card.last4 });
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-label={t('refunds.title')}
      data-testid="transaction-refunds"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('refunds.title')}
        </Title>
        {transaction.refunds.map((refund) => (
          <Stack key={refund.id} gap={4} data-testid="refund" data-reason={refund.reason}>
            <Text fw={700}>{t(`refunds.reason.${refund.reason}`)}</Text>
            <DefinitionList
              items={[
                { term: t('refunds.amount'), description: refund.amount_currency_prefixed },
                { term: t('refunds.where'), description: where(refund) },
                {
                  term: t('refunds.when'),
                  description: formatDateTime(refund.refunded_at, t.locale),
                },
              ]}
            />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
