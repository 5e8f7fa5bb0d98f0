import { Title } from '@mantine/core';
import { routes } from '@/config/routes';

export function ViewRecipientScreen() {
  return <Title order={1}>{routes.viewRecipient.title}</Title>;
}
