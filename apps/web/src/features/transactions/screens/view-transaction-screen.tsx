import { commonMessages, useT } from '@/i18n';
import { Title } from '@mantine/core';

export function ViewTransactionScreen() {
  const t = useT(commonMessages);
  return <Title order={1}>{t('route.viewTransaction')}</Title>;
}
