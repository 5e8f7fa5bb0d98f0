import { Button, Group, Stack, Text, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { pathTo } from '@/config/routes';
import { commonMessages, useT } from '@/i18n';
import { useAsyncAction } from '@/lib/use-async-action';
import { signOut } from '../lib/sign-out';

export interface SignOutButtonProps {
  /** The button's look where the shell places it. */
  variant?: ButtonProps['variant'];
  fullWidth?: boolean;
}

/**
 * "Sign out" for the signed-in shell: ends the session, forgets it here and goes to sign-in.
 * When the server cannot be reached the session lives on, so the button says sign-out failed
 * and offers Retry, and the customer stays signed in here (defect 12); a wait that takes
 * longer than usual offers Retry or Cancel (defect 15).
 */
export function SignOutButton({ variant = 'default', fullWidth }: SignOutButtonProps) {
  const t = useT(commonMessages);
  const navigate = useNavigate();
  const signingOut = useAsyncAction(signOut);
  const [failed, setFailed] = useState(false);

  const start = () => {
    setFailed(false);
    signingOut.run(undefined, {
      onSuccess: () => void navigate(pathTo('signIn')),
      onError: (error) => {
        console.error('Sign-out failed.', error);
        setFailed(true);
      },
    });
  };

  return (
    <Stack gap={4} align={fullWidth ? 'stretch' : 'flex-end'}>
      <Button
        variant={variant}
        fullWidth={fullWidth}
        onClick={start}
        loading={signingOut.isPending}
      >
        {t('action.signOut')}
      </Button>
      <SlowWaitNotice
        show={signingOut.isSlow}
        onRetry={signingOut.retry}
        onCancel={signingOut.cancel}
      />
      {failed && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text role="alert" size="sm" c="var(--mantine-color-error)" maw={280}>
            {t('signOut.failed')}
          </Text>
          <Button variant="default" size="xs" onClick={start}>
            {t('action.retry')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
