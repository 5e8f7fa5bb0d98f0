import { Title } from '@mantine/core';
import { routes } from '@/config/routes';

export function TransactionsScreen() {
  return <Title order={1}>{routes.transactions.title}</Title>;
}
