import { PasswordField } from '@/components/password-field';
import { useT } from '@/i18n';
import type { CommonPasswordVerdict } from '../api/check-password';
import { usePasswordRules } from '../lib/use-password-rules';
import { accountsMessages } from '../messages';
import { PasswordPolicyChecklist } from './password-policy-checklist';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The message of each field, if any (the first of a 422, or the form's own check). */
  errors: { password?: string | undefined; confirm_password?: string | undefined };
  /** "Password" on sign-up; "New password" (the default) where an old one exists. */
  kind?: 'first' | 'new';
  /**
   * The server's word on whether the password is too common, when the form asks for it itself
   * (sign-up, to list every problem at once); otherwise these fields ask.
   */
  commonCheck?: CommonPasswordVerdict;
  /** The customer's email, when the form knows it: the password must not contain its name. */
  email?: string;
}

/**
 * Choosing a password (sign-up, reset, change): the field, the live policy checklist under it
 * with the server's common-password rule, and the confirmation, posted as `password` and
 * `confirm_password`.
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  errors,
  kind = 'new',
  commonCheck,
  email,
}: NewPasswordFieldsProps) {
  const t = useT(accountsMessages);
  // Asks only when the form does not ask itself (an empty password asks nothing).
  const ownCheck = usePasswordRules(commonCheck === undefined ? password : '', email).common;
  return (
    <>
      <PasswordField
        label={t(kind === 'first' ? 'field.password' : 'field.newPassword')}
        name="password"
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={errors.password}
      />
      <PasswordPolicyChecklist password={password} common={commonCheck ?? ownCheck} email={email} />
      <PasswordField
        label={t(kind === 'first' ? 'field.confirmPassword' : 'field.confirmNewPassword')}
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
