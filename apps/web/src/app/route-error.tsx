import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '@/components/not-found';
import { pathTo } from '@/config/routes';
import { commonMessages, useT } from '@/i18n';

// The shared words may be what failed to load (offline): then these, in English, stand in.
const offlineWords = {
  'routeError.title': 'Something went wrong',
  'routeError.text': 'This page could not be loaded. Check your connection and try again.',
  'routeError.retry': 'Try again',
  'notFound.home': 'Go to the home page',
} as const;

function useErrorWords(): (key: keyof typeof offlineWords) => string {
  const t = useT(commonMessages);
  return (key) => {
    const text = t(key);
    return text === key ? offlineWords[key] : text;
  };
}

function ErrorContent() {
  const t = useErrorWords();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound homePath={pathTo('signIn')} />;
  }
  return (
    <Stack gap="md">
      <Title order={1}>{t('routeError.title')}</Title>
      <Text>{t('routeError.text')}</Text>
      <Group>
        {/* A full reload also fetches screens that a new release replaced. */}
        <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
        <Anchor component={Link} to={pathTo('signIn')}>
          {t('notFound.home')}
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
