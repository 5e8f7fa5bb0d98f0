import { Title } from '@mantine/core';
import { routes } from '../../../config/routes';

export function DevicesScreen() {
  return <Title order={1}>{routes.devices.title}</Title>;
}
