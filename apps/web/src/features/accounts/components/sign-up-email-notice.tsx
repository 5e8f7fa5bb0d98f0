import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OTP_LENGTH } from '@/components/otp-input';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { pathTo } from '@/config/routes';
import { useT } from '@/i18n';
import { useAsyncAction } from '@/lib/use-async-action';
import { signOut } from '../lib/sign-out';
import { accountsMessages } from '../messages';

/** What the sign-up screen may be handed: the address to start again from. */
export interface SignUpState {
  email: string;
}

export interface SignUpEmailNoticeProps {
  /** The address the customer signed up with, shown as typed: it is their own. */
  email: string;
}

/**
 * What verify-email says after sign-up (defect 18): true whether the address was new (a code
 * was sent) or already had an account (the owner was emailed how to sign in), without saying
 * which; the customer's own address unmasked; and "Wrong email? Change it", which signs this
 * new session out and starts sign-up again from that address.
 */
export function SignUpEmailNotice({ email }: SignUpEmailNoticeProps) {
  const t = useT(accountsMessages);
  const navigate = useNavigate();
  const change = useAsyncAction(signOut);
  const [failed, setFailed] = useState(false);

  // Shown by screens outside this feature's routes: nothing until its words are here.
  if (accountsMessages.loaded(t.locale) === undefined) return null;

  const startAgain = () => {
    setFailed(false);
    change.run(undefined, {
      onSuccess: () => {
        const state: SignUpState = { email };
        void navigate(pathTo('signUp'), { state });
      },
      onError: (error) => {
        console.error('Sign-out to change the email failed.', error);
        setFailed(true);
      },
    });
  };

  return (
    <Stack gap="xs">
      <Text>
        {t.rich(
          'emailSent.text',
          { email, length: OTP_LENGTH },
          {
            // A long address breaks anywhere rather than widening a phone's screen (issue 28:
            // the step was 406 px wide at 390).
            strong: (children) => <strong style={{ overflowWrap: 'anywhere' }}>{children}</strong>,
          },
        )}
      </Text>
      <Text size="sm">
        {t.rich(
          'emailSent.wrong',
          {},
          {
            change: (children) => (
              <Anchor
                component="button"
                type="button"
                inherit
                onClick={startAgain}
                disabled={change.isPending}
              >
                {children}
              </Anchor>
            ),
          },
        )}
      </Text>
      <SlowWaitNotice show={change.isSlow} onRetry={change.retry} onCancel={change.cancel} />
      {failed && (
        <Text role="alert" size="sm" c="var(--mantine-color-error)">
          {t('emailSent.changeFailed')}
        </Text>
      )}
    </Stack>
  );
}
