import { Stack, Title } from '@mantine/core';
import { Calculator } from '@/features/quotes';
import { commonMessages, useT } from '@/i18n';

/**
 * The customer's transfers. Until the list comes (docs/product/routes-and-screens.md#transactions: the old app's page
 * was a placeholder with the calculator), a transfer starts here.
 */
export function TransactionsScreen() {
  const t = useT(commonMessages);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('route.transactions')}</Title>
      <Calculator />
    </Stack>
  );
}
