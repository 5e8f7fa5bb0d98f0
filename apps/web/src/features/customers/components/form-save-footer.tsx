import { Alert, Button, Group, Text } from '@mantine/core';
import { useT } from '@/i18n';
import { customersMessages } from '../messages';

export interface FormSaveFooterProps {
  /** Why the last save failed; nothing is shown while it is null. */
  failure: string | null;
  /** Whether the last save succeeded and nothing has changed since. */
  saved: boolean;
  /** Said (politely) after a save, for forms that stay on screen. */
  savedMessage?: string | undefined;
  submitLabel: string;
  pending: boolean;
}

/**
 * The end of a customer details form: why a save failed, that it succeeded, and the submit
 * button. Rendered inside the form's Stack, so it keeps the form's spacing.
 */
export function FormSaveFooter({
  failure,
  saved,
  savedMessage,
  submitLabel,
  pending,
}: FormSaveFooterProps) {
  const t = useT(customersMessages);
  return (
    <>
      {failure !== null && (
        <Alert color="red" role="alert" title={t('footer.notSavedTitle')}>
          {failure}
        </Alert>
      )}
      {saved && savedMessage !== undefined && (
        <Text role="status" c="var(--mantine-color-success)">
          {savedMessage}
        </Text>
      )}
      <Group>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
