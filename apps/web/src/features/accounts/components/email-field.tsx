import { useT } from '@/i18n';
import { TextField } from '@/ui/text-field';
import { accountsMessages } from '../messages';

export interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** "username" where the email signs in, so password managers pair it with the password. */
  autoComplete: 'email' | 'username';
  error?: string | undefined;
}

/** The email field of the auth forms: required, but without an asterisk, as the design has it. */
export function EmailField({ value, onChange, autoComplete, error }: EmailFieldProps) {
  const t = useT(accountsMessages);
  return (
    <TextField
      label={t('field.email')}
      type="email"
      name="email"
      autoComplete={autoComplete}
      required
      withAsterisk={false}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
