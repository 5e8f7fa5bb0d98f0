import { maskEmail } from '@corridor/contracts';
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OtpForm } from '@/components/otp-form';
import { OTP_LENGTH } from '@/components/otp-input';
import { pathTo, routes } from '@/config/routes';
import { customerQuery, owesSecondFactor } from '@/features/customers';
import { describeError } from '@/lib/api-error';
import { signInPathFor } from '@/lib/auth-redirect';
import { isUnauthorized } from '@/lib/http-client';
import { useResendMfaOtp } from '../api/resend-mfa-otp';
import { useVerifyMfa } from '../api/verify-mfa';
import { useRedirectParam } from '../use-redirect-param';

function CodeForm({ email, onVerified }: { email: string; onVerified: () => void }) {
  const verify = useVerifyMfa();
  const resend = useResendMfaOtp();
  return (
    <Stack gap="lg">
      <Text>
        We sent a {OTP_LENGTH}-digit code to <strong>{maskEmail(email)}</strong>. Enter it below to
        finish signing in. It can take a minute to arrive; check your spam folder too.
      </Text>
      <OtpForm
        verify={async (otp) => {
          await verify.mutateAsync({ otp });
          onVerified();
        }}
        resend={() => resend.mutateAsync()}
      />
    </Stack>
  );
}

/**
 * The second factor (DESIGN §4): a code emailed at sign-in. Reads the profile afresh on arrival,
 * since a 412 from any screen can send the customer here; a customer who owes nothing goes on.
 */
export function MultiFactorAuthScreen() {
  const redirect = useRedirectParam();
  const destination = redirect ?? pathTo('dashboard');
  const navigate = useNavigate();
  const profile = useQuery({ ...customerQuery, refetchOnMount: 'always' });
  const [verified, setVerified] = useState(false);

  const customer = profile.data;
  const fresh = profile.isFetchedAfterMount || verified;
  const done =
    fresh && profile.error === null && customer !== undefined && !owesSecondFactor(customer);

  useEffect(() => {
    if (done) void navigate(destination, { replace: true });
  }, [done, destination, navigate]);

  let content;
  if (profile.error !== null && !verified) {
    content = isUnauthorized(profile.error) ? (
      <Stack gap="md">
        <Text>You are not signed in, or your sign-in has expired. Sign in again to continue.</Text>
        <Anchor component={Link} to={signInPathFor(redirect)}>
          Sign in
        </Anchor>
      </Stack>
    ) : (
      <Alert color="red" variant="light" title="We could not check your sign-in">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {describeError(profile.error, 'Something went wrong on our side. Please try again.')}
          </Text>
          <Button variant="default" onClick={() => void profile.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  } else if (customer !== undefined && owesSecondFactor(customer)) {
    content = <CodeForm email={customer.account.email} onVerified={() => setVerified(true)} />;
  } else {
    // Loading, or on the way out.
    content = <Loader size="sm" role="status" aria-label="Checking your sign-in" />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{routes.multiFactorAuth.title}</Title>
      {content}
    </Stack>
  );
}
