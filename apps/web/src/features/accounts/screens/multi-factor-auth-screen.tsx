import { maskEmail } from '@corridor/contracts';
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OtpForm } from '@/components/otp-form';
import { OTP_LENGTH } from '@/components/otp-input';
import { pathTo, routes } from '@/config/routes';
import { describeError } from '@/lib/api-error';
import { signInPathFor } from '@/lib/auth-redirect';
import { isUnauthorized } from '@/lib/http-client';
import { useAsyncData } from '@/lib/use-async-data';
import { resendMfaOtp } from '../api/resend-mfa-otp';
import { verifyMfaAndStore } from '../api/verify-mfa';
import { refreshSession, type SessionCheck } from '../lib/stored-customer';
import { useRedirectParam } from '../use-redirect-param';

interface CodeFormProps {
  email: string;
  onVerified: (session: SessionCheck) => void;
}

function CodeForm({ email, onVerified }: CodeFormProps) {
  return (
    <Stack gap="lg">
      <Text>
        We sent a {OTP_LENGTH}-digit code to <strong>{maskEmail(email)}</strong>. Enter it below to
        finish signing in. It can take a minute to arrive; check your spam folder too.
      </Text>
      <OtpForm
        verify={async (otp) => onVerified(await verifyMfaAndStore({ otp }))}
        resend={resendMfaOtp}
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
  // The profile afresh, not the stored customer, which another tab may have made stale.
  const profile = useAsyncData(refreshSession);
  const [verified, setVerified] = useState<SessionCheck | null>(null);

  const session = verified ?? profile.data;
  const failed = profile.error !== null && verified === null;
  const done = !failed && session !== undefined && !session.owesSecondFactor;

  useEffect(() => {
    if (done) void navigate(destination, { replace: true });
  }, [done, destination, navigate]);

  let content;
  if (failed) {
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
          <Button variant="default" onClick={profile.retry}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  } else if (session !== undefined && session.owesSecondFactor) {
    content = <CodeForm email={session.customer.account.email} onVerified={setVerified} />;
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
