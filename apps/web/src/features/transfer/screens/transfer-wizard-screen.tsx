import { commonMessages, useT } from '@/i18n';
import { Title } from '@mantine/core';

export function TransferWizardScreen() {
  const t = useT(commonMessages);
  return <Title order={1}>{t('route.transferWizard')}</Title>;
}
