import { TextInput } from '@mantine/core';

export interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** "username" where the email signs in, so password managers pair it with the password. */
  autoComplete: 'email' | 'username';
  error?: string | undefined;
}

/** The email field of the auth forms: required, but without an asterisk, as the design has it. */
export function EmailField({ value, onChange, autoComplete, error }: EmailFieldProps) {
  return (
    <TextInput
      label="Email"
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
