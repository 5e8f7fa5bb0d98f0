import { Alert, Anchor, Group, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { pathTo, routes } from '../../../config/routes';
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
  // Keep where the customer was going when they choose to register instead.
  const signUpPath =
    redirect === null
      ? pathTo('signUp')
      : `${pathTo('signUp')}?${new URLSearchParams({ redirect }).toString()}`;

  return (
    <Stack gap="lg">
      <Title order={1}>{routes.signIn.title}</Title>
      {notice !== undefined && (
        <Alert role="status" color="green" variant="light">
          {notice}
        </Alert>
      )}
      <Group justify="space-between">
        <Anchor component={Link} to={pathTo('forgotPassword')}>
          Forgot password?
        </Anchor>
        <Anchor component={Link} to={signUpPath}>
          Sign up instead
        </Anchor>
      </Group>
    </Stack>
  );
}
