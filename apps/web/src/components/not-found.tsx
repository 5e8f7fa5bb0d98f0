import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface NotFoundProps {
  title: string;
  homePath: string;
}

/** "This page does not exist", for unknown paths and for 404s thrown by loaders. */
export function NotFound({ title, homePath }: NotFoundProps) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Text>The page you asked for does not exist or has moved.</Text>
      <Anchor component={Link} to={homePath}>
        Go to the home page
      </Anchor>
    </Stack>
  );
}
