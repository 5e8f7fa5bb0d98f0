import { Title } from '@mantine/core';
import { routes } from '@/config/routes';

export function ViewTransactionScreen() {
  return <Title order={1}>{routes.viewTransaction.title}</Title>;
}
