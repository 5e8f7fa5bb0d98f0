import { commonMessages, useT } from '@/i18n';
import { Title } from '@mantine/core';

export function TransactionsScreen() {
  const t = useT(commonMessages);
  return <Title order={1}>{t('route.transactions')}</Title>;
}
