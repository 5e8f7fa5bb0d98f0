import { maskEmail } from '@corridor/contracts';
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OtpForm } from '@/components/otp-form';
import { OTP_LENGTH } from '@/components/otp-input';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { pathTo } from '@/config/routes';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { signInPathFor } from '@/lib/auth-redirect';
import { isUnauthorized } from '@/lib/http-client';
import { useAsyncData } from '@/lib/use-async-data';
import { resendMfaOtp } from '../api/resend-mfa-otp';
import { verifyMfaAndStore } from '../api/verify-mfa';
import { pathForSignedIn } from '../lib/path-after-sign-in';
import { refreshSession, type SessionCheck } from '../lib/stored-customer';
import { accountsMessages } from '../messages';
import { useRedirectParam } from '../use-redirect-param';

interface CodeFormProps {
  email: string;
  onVerified: (session: SessionCheck) => void;
}

function CodeForm({ email, onVerified }: CodeFormProps) {
  const t = useT(accountsMessages);
  return (
    <Stack gap="lg">
      <Text>
        {t.rich(
          'mfa.sent',
          { length: OTP_LENGTH, email: maskEmail(email) },
          { strong: (text) => <strong>{text}</strong> },
        )}
      </Text>
      <OtpForm
        verify={async (otp) => onVerified(await verifyMfaAndStore({ otp }))}
        resend={resendMfaOtp}
      />
      {/* Defect 20: a way out of a code that is not coming (another account, a typo). */}
      <Anchor component={Link} to={pathTo('signIn')}>
        {t('mfa.otherAccount')}
      </Anchor>
    </Stack>
  );
}

function CheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT(accountsMessages);
  const shared = useT(commonMessages);
  return (
    <Alert color="red" variant="light" title={t('mfa.checkFailed')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeError(error, t('mfa.checkFallback'))}</Text>
        <Button variant="default" onClick={onRetry}>
          {shared('action.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * The second factor (docs/product/accounts-and-sessions.md#the-second-factor): a code emailed at sign-in. Reads the profile afresh on arrival,
 * since a 412 from any screen can send the customer here; a customer who owes nothing goes on,
 * to the onboarding step still owed if any (defect 4), else to the redirect or the dashboard.
 */
export function MultiFactorAuthScreen() {
  const t = useT(accountsMessages);
  const redirect = useRedirectParam();
  const navigate = useNavigate();
  // The profile afresh, not the stored customer, which another tab may have made stale.
  const profile = useAsyncData(refreshSession);
  const [verified, setVerified] = useState<SessionCheck | null>(null);

  const session = verified ?? profile.data;
  const failed = profile.error !== null && verified === null;
  const done = !failed && session !== undefined && !session.owesSecondFactor;
  const customer = done ? session.customer : undefined;

  useEffect(() => {
    if (customer === undefined) return undefined;
    let active = true;
    void pathForSignedIn(customer, redirect).then((path) => {
      if (active) void navigate(path, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [customer, redirect, navigate]);

  let content;
  if (failed) {
    content = isUnauthorized(profile.error) ? (
      <Stack gap="md">
        <Text>{t('mfa.notSignedIn')}</Text>
        <Anchor component={Link} to={signInPathFor(redirect)}>
          {t('mfa.signIn')}
        </Anchor>
      </Stack>
    ) : (
      <CheckFailed error={profile.error} onRetry={profile.retry} />
    );
  } else if (session !== undefined && session.owesSecondFactor) {
    content = <CodeForm email={session.customer.account.email} onVerified={setVerified} />;
  } else {
    // Loading, or on the way out.
    content = (
      <Stack gap="xs">
        <Loader size="sm" role="status" aria-label={t('mfa.checking')} />
        <SlowWaitNotice show={profile.isSlow} onRetry={profile.retry} onCancel={profile.cancel} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('mfa.title')}</Title>
      {content}
    </Stack>
  );
}
