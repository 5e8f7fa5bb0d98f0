import { Title } from '@mantine/core';
import { routes } from '@/config/routes';

export function MakePaymentScreen() {
  return <Title order={1}>{routes.makePayment.title}</Title>;
}
