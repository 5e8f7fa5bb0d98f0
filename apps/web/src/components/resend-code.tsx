import type { MessageResponse } from '@corridor/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { commonMessages, useT } from '@/i18n';
import { describeError, httpStatus, retryAfterSeconds } from '@/lib/api-error';
import { useAsyncAction } from '@/lib/use-async-action';
import { useCountdown } from '@/lib/use-countdown';
import { SlowWaitNotice } from './slow-wait-notice';

/** A new code may be asked for 30 s after the last one was sent (docs/product/accounts-and-sessions.md#one-time-codes). */
export const RESEND_WAIT_SECONDS = 30;

export interface ResendCodeProps {
  /** Asks the server for a new code; resolves with its message. */
  resend: () => Promise<MessageResponse>;
  /** Seconds until the first resend is allowed: a code was sent just before this screen. */
  initialSeconds?: number;
  /** A new code was sent: what was said about the old one no longer holds. */
  onSent?: () => void;
}

/**
 * "Resend code", locked behind a countdown that starts when the screen opens (a code was just
 * sent) and again after each resend; a 429 restarts it with the server's Retry-After.
 */
export function ResendCode({
  resend,
  initialSeconds = RESEND_WAIT_SECONDS,
  onSent,
}: ResendCodeProps) {
  const t = useT(commonMessages);
  const { secondsLeft, restart } = useCountdown(initialSeconds);
  const sending = useAsyncAction(resend);
  const [notice, setNotice] = useState<{ kind: 'sent' | 'failed'; text: string } | null>(null);

  const onResend = () => {
    setNotice(null);
    sending.run(undefined, {
      onSuccess: ({ message }) => {
        setNotice({ kind: 'sent', text: message });
        restart(RESEND_WAIT_SECONDS);
        onSent?.();
      },
      onError: (error) => {
        const wait = retryAfterSeconds(error);
        if (httpStatus(error) === 429 && wait !== undefined) restart(wait);
        setNotice({ kind: 'failed', text: describeError(error, t('resendCode.failed')) });
      },
    });
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        onClick={onResend}
        disabled={secondsLeft > 0}
        loading={sending.isPending}
      >
        {secondsLeft > 0 ? t('resendCode.wait', { seconds: secondsLeft }) : t('resendCode.action')}
      </Button>
      <SlowWaitNotice show={sending.isSlow} onRetry={sending.retry} onCancel={sending.cancel} />
      <div role="status">{notice?.kind === 'sent' && <Text size="sm">{notice.text}</Text>}</div>
      {notice?.kind === 'failed' && (
        <Text role="alert" size="sm" c="var(--mantine-color-error)">
          {notice.text}
        </Text>
      )}
    </Stack>
  );
}
