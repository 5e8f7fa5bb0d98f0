import { Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '@/components/form-error-alert';
import { PasswordField } from '@/components/password-field';
import { pathTo } from '@/config/routes';
import { NewPasswordFields } from '@/features/accounts/parts';
import { useCustomer } from '@/features/customers';
import { useT } from '@/i18n';
import { formErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { settingsMessages } from '../messages';

/** The fields of the form; a 422 names them. */
const formFields = ['current_password', 'password', 'confirm_password'] as const;

/** Current, new and confirmed password, with the live policy checklist (docs/product/routes-and-screens.md#settings). */
export function ChangePasswordForm() {
  const t = useT(settingsMessages);
  const navigate = useNavigate();
  const change = useChangePassword();
  // The checklist also says when the new password contains the email's name (issue 28).
  const email = useCustomer()?.account.email;
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<(typeof formFields)[number], string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    change.mutate(
      { current_password: currentPassword, password, confirm_password: confirmPassword },
      {
        onSuccess: () => {
          // Signed out by the server; sign-in says the password was changed (docs/product/routes-and-screens.md#sign-in-screen).
          void navigate(`${pathTo('signIn')}?referer=change-password`, { replace: true });
        },
        onError: (error) => {
          const { fields, failure: message } = formErrors(error, formFields, t('password.failed'));
          setErrors(fields);
          setFailure(message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={480}>
        <FormErrorAlert title={t('password.failedTitle')} message={failure} />
        <PasswordField
          label={t('password.current')}
          name="current_password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          error={errors.current_password}
        />
        <NewPasswordFields
          password={password}
          confirmation={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmPassword}
          errors={errors}
          {...(email !== undefined ? { email } : {})}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
