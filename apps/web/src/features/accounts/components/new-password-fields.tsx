import { PasswordField } from '@/components/password-field';
import { PasswordPolicyChecklist } from './password-policy-checklist';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The first 422 message of each field, if any. */
  errors: { password?: string | undefined; confirm_password?: string | undefined };
  /** "Password" on sign-up; "New password" where an old one exists. */
  label?: string;
}

/**
 * Choosing a password (sign-up, reset, change): the field, the live policy checklist under it,
 * and the confirmation, posted as `password` and `confirm_password`.
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  errors,
  label = 'New password',
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={errors.password}
      />
      <PasswordPolicyChecklist password={password} />
      <PasswordField
        label={`Confirm ${label.toLowerCase()}`}
        name="confirm_password"
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.currentTarget.value)}
        error={errors.confirm_password}
      />
    </>
  );
}
