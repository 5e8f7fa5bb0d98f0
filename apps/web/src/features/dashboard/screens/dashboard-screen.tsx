import { Title } from '@mantine/core';
import { routes } from '../../../config/routes';

export function DashboardScreen() {
  return <Title order={1}>{routes.dashboard.title}</Title>;
}
