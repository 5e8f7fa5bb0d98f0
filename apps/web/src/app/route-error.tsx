import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '@/components/not-found';
import { NOT_FOUND_TITLE, pathTo } from '@/config/routes';

function ErrorContent() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound title={NOT_FOUND_TITLE} homePath={pathTo('signIn')} />;
  }
  return (
    <Stack gap="md">
      <Title order={1}>Something went wrong</Title>
      <Text>This page could not be loaded. Check your connection and try again.</Text>
      <Group>
        {/* A full reload also fetches screens that a new release replaced. */}
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <Anchor component={Link} to={pathTo('signIn')}>
          Go to the home page
        </Anchor>
      </Group>
    </Stack>
  );
}

/** A screen failed inside a layout, which already provides the `<main>`. */
export function ScreenError() {
  return <ErrorContent />;
}

/** A layout itself failed (for example its loader), so this provides the `<main>`. */
export function PageError() {
  return (
    <Container size="sm" py="xl">
      <main id="main-content">
        <ErrorContent />
      </main>
    </Container>
  );
}
