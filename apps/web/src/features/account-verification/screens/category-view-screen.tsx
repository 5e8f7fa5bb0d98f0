import { Title } from '@mantine/core';
import { routes } from '@/config/routes';

export function CategoryViewScreen() {
  return <Title order={1}>{routes.categoryView.title}</Title>;
}
