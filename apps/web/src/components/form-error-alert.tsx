import { Alert } from '@mantine/core';

export interface FormErrorAlertProps {
  /** What failed, e.g. "Login failed". */
  title: string;
  /** Why; nothing is shown while it is null. */
  message: string | null;
}

/** Why the last submit of a form failed, shown above its fields. */
export function FormErrorAlert({ title, message }: FormErrorAlertProps) {
  if (message === null) return null;
  return (
    <Alert color="red" variant="light" title={title}>
      {message}
    </Alert>
  );
}
