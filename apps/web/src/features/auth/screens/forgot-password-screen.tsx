import { Title } from '@mantine/core';
import { routes } from '../../../config/routes';

export function ForgotPasswordScreen() {
  return <Title order={1}>{routes.forgotPassword.title}</Title>;
}
