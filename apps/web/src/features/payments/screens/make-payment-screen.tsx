import { commonMessages, useT } from '@/i18n';
import { Title } from '@mantine/core';

export function MakePaymentScreen() {
  const t = useT(commonMessages);
  return <Title order={1}>{t('route.makePayment')}</Title>;
}
