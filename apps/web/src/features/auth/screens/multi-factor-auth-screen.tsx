import { Title } from '@mantine/core';
import { routes } from '../../../config/routes';

export function MultiFactorAuthScreen() {
  return <Title order={1}>{routes.multiFactorAuth.title}</Title>;
}
