import { Title } from '@mantine/core';
import { routes } from '@/config/routes';

export function AccountVerificationScreen() {
  return <Title order={1}>{routes.accountVerification.title}</Title>;
}
