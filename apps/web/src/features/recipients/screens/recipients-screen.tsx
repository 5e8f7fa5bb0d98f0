import { Title } from '@mantine/core';
import { routes } from '@/config/routes';

export function RecipientsScreen() {
  return <Title order={1}>{routes.recipients.title}</Title>;
}
