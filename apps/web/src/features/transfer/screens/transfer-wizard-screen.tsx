import { Title } from '@mantine/core';
import { routes } from '@/config/routes';

export function TransferWizardScreen() {
  return <Title order={1}>{routes.transferWizard.title}</Title>;
}
