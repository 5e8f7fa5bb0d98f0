import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckboxField } from '@/components/checkbox-field';
import { FormErrorAlert } from '@/components/form-error-alert';
import { PasswordField } from '@/components/password-field';
import { pathTo, routes } from '@/config/routes';
import { describeError } from '@/lib/api-error';
import { withRedirect } from '@/lib/auth-redirect';
import { useLogin } from '../api/login';
import { EmailField } from '../components/email-field';
import { pathAfterSignIn } from '../lib/path-after-sign-in';
import { useRedirectParam } from '../use-redirect-param';

// SPEC §2: what the customer is told after changing or resetting the password.
// A Map, so a referer such as "toString" cannot pick up an inherited property.
const refererNotices: ReadonlyMap<string, string> = new Map([
  [
    'change-password',
    'Your password has been successfully changed. Please log in using your new password.',
  ],
  [
    'reset-password',
    'Your password has been successfully reset. Please log in using your new password.',
  ],
]);

export function SignInScreen() {
  const [searchParams] = useSearchParams();
  const referer = searchParams.get('referer');
  const notice = referer !== null ? refererNotices.get(referer) : undefined;
  const redirect = useRedirectParam();
  const navigate = useNavigate();
  const login = useLogin();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    login.run(
      { email, password, remember },
      {
        onSuccess: (customer) => {
          void pathAfterSignIn(customer, redirect).then((path) =>
            navigate(path, { replace: true }),
          );
        },
        // SPEC §8: the server's message, e.g. wrong credentials or too many attempts.
        onError: (error) => {
          setFailure(describeError(error, 'We could not sign you in. Please try again.'));
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{routes.signIn.title}</Title>
      {notice !== undefined && (
        <Alert role="status" color="green" variant="light">
          {notice}
        </Alert>
      )}
      <FormErrorAlert title="Login failed" message={failure} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField autoComplete="username" value={email} onChange={setEmail} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="space-between">
            {/* Sent as `remember`; it has no effect (SPEC §2). */}
            <CheckboxField
              label="Remember me"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.currentTarget.checked)}
            />
            <Anchor component={Link} to={pathTo('forgotPassword')} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            Continue
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={withRedirect(pathTo('signUp'), redirect)} ta="center">
        Sign up instead
      </Anchor>
    </Stack>
  );
}
