import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { commonMessages, useT } from '@/i18n';

export interface NotFoundProps {
  /** "Page not found" by default. */
  title?: string;
  homePath: string;
}

/** "This page does not exist", for unknown paths and for 404s thrown by loaders. */
export function NotFound({ title, homePath }: NotFoundProps) {
  const t = useT(commonMessages);
  return (
    <Stack gap="md">
      <Title order={1}>{title ?? t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to={homePath}>
        {t('notFound.home')}
      </Anchor>
    </Stack>
  );
}
