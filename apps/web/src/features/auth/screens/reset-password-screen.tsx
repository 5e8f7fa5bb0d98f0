import { Alert, Anchor, Button, Stack, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { pathTo, routes } from '../../../config/routes';
import { describeError, fieldErrors, httpStatus, serverMessage } from '../../../lib/api-error';
import { useResetPassword } from '../api/reset-password';
import { decodeResetToken } from '../lib/decode-reset-token';

const INVALID_LINK = 'This password reset link is invalid or has expired.';

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tokenProblem, setTokenProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (token === null) return;
    setErrors({});
    setFailure(null);
    reset.mutate(
      { token, password, confirm_password: confirmPassword },
      {
        onSuccess: () => {
          void navigate(`${pathTo('signIn')}?referer=reset-password`, { replace: true });
        },
        onError: (error) => {
          const byField = fieldErrors(error);
          if (byField.token !== undefined) {
            setTokenProblem(byField.token);
            return;
          }
          setErrors(byField);
          if (byField.password === undefined && byField.confirm_password === undefined) {
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
