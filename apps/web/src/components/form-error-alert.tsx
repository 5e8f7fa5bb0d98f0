import { Notice } from '@/ui/notice';

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
    <Notice tone="error" title={title}>
      {message}
    </Notice>
  );
}
