import { Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { PasswordField } from '../../../components/password-field';
import { pathTo } from '../../../config/routes';
import { describeError, fieldErrors, httpStatus, serverMessage } from '../../../lib/api-error';
import { useChangePassword } from '../api/change-password';

const formFields = ['current_password', 'password', 'confirm_password'];

/** Current, new and confirmed password, with the live policy checklist (original §4.9). */
export function ChangePasswordForm() {
  const navigate = useNavigate();
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    change.mutate(
      { current_password: currentPassword, password, confirm_password: confirmPassword },
      {
        onSuccess: () => {
          // Signed out by the server; sign-in says the password was changed (SPEC §2).
          void navigate(`${pathTo('signIn')}?referer=change-password`, { replace: true });
        },
        onError: (error) => {
          const byField = fieldErrors(error);
          setErrors(byField);
          if (!formFields.some((field) => byField[field] !== undefined)) {
            setFailure(
              httpStatus(error) === 422
                ? (serverMessage(error) ?? 'Please check the form and try again.')
                : describeError(error, 'Your password was not changed. Please try again.'),
            );
          }
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={480}>
        <FormErrorAlert title="Password not changed" message={failure} />
        <PasswordField
          label="Current password"
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
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
