import { Title } from '@mantine/core';
import { routes } from '../../../config/routes';

export function SettingsScreen() {
  return <Title order={1}>{routes.settings.title}</Title>;
}
