import { Alert, Button, Stack } from '@mantine/core';
import { commonMessages, useT } from '@/i18n';

export interface LoadErrorProps {
  /** What could not be loaded: "We could not load your devices". */
  title: string;
  /** Why, or what to do, in a sentence (describeError's message). */
  message: string;
  onRetry: () => void;
  /** The retry is running. */
  retrying?: boolean;
}

/** A failed load, with a way to try again (docs/product/web-app.md#principles: every failed load offers a retry). */
export function LoadError({ title, message, onRetry, retrying = false }: LoadErrorProps) {
  const t = useT(commonMessages);
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="red" variant="light" title={title} w="100%" role="alert">
        {message}
      </Alert>
      <Button variant="default" onClick={onRetry} loading={retrying}>
        {t('action.retry')}
      </Button>
    </Stack>
  );
}
