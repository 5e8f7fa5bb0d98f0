import { Title } from '@mantine/core';
import { routes } from '../../../config/routes';

export function ResetPasswordScreen() {
  return <Title order={1}>{routes.resetPassword.title}</Title>;
}
