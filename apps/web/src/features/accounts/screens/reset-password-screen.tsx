import { Alert, Anchor, Button, Stack, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormErrorAlert } from '@/components/form-error-alert';
import { pathTo, routes } from '@/config/routes';
import { formErrors } from '@/lib/form-errors';
import { NewPasswordFields } from '../components/new-password-fields';
import { useResetPassword } from '../api/reset-password';
import { decodeResetToken } from '../lib/decode-reset-token';

const INVALID_LINK = 'This password reset link is invalid or has expired.';

/** The fields a 422 may name; `token` replaces the form with the invalid-link notice. */
const formFields = ['token', 'password', 'confirm_password'] as const;

/** The link cannot be used: say so and offer a new one instead of a form that cannot work. */
function InvalidLink({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title="Link invalid or expired">
        {message}
      </Alert>
      <Anchor component={Link} to={pathTo('forgotPassword')}>
        Request a new link
      </Anchor>
    </Stack>
  );
}

export function ResetPasswordScreen() {
  const { token: encodedToken } = useParams();
  // SPEC §7: the route carries the token base64-encoded; the server wants it decoded.
  const token = useMemo(() => decodeResetToken(encodedToken), [encodedToken]);
  const navigate = useNavigate();
  const reset = useResetPassword();

  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<(typeof formFields)[number], string>>>({});
  const [tokenProblem, setTokenProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (token === null) return;
    setErrors({});
    setFailure(null);
    reset.run(
      { token, password, confirm_password: confirmPassword },
      {
        onSuccess: () => {
          void navigate(`${pathTo('signIn')}?referer=reset-password`, { replace: true });
        },
        onError: (error) => {
          const { fields, failure: message } = formErrors(
            error,
            formFields,
            'Your password was not changed. Please try again.',
          );
          // A bad token cannot be fixed in the form: the link itself is spent.
          if (fields.token !== undefined) {
            setTokenProblem(fields.token);
            return;
          }
          setErrors(fields);
          setFailure(message);
        },
      },
    );
  };

  let content;
  if (token === null) content = <InvalidLink message={INVALID_LINK} />;
  else if (tokenProblem !== null) content = <InvalidLink message={tokenProblem} />;
  else {
    content = (
      <>
        <FormErrorAlert title="Password not reset" message={failure} />
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <NewPasswordFields
              password={password}
              confirmation={confirmPassword}
              onPasswordChange={setPassword}
              onConfirmationChange={setConfirmPassword}
              errors={errors}
            />
            <Button type="submit" loading={reset.isPending} fullWidth>
              Continue
            </Button>
          </Stack>
        </form>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{routes.resetPassword.title}</Title>
      {content}
    </Stack>
  );
}
