import { Title } from '@mantine/core';
import { routes } from '@/config/routes';

export function PaymentCallbackScreen() {
  return <Title order={1}>{routes.paymentCallback.title}</Title>;
}
