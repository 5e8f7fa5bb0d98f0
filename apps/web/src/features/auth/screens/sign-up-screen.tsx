import { Title } from '@mantine/core';
import { routes } from '../../../config/routes';

export function SignUpScreen() {
  return <Title order={1}>{routes.signUp.title}</Title>;
}
