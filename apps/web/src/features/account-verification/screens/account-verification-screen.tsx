import { commonMessages, useT } from '@/i18n';
import { Title } from '@mantine/core';

export function AccountVerificationScreen() {
  const t = useT(commonMessages);
  return <Title order={1}>{t('route.accountVerification')}</Title>;
}
