import type { MessageResponse } from '@corridor/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { describeError, httpStatus, retryAfterSeconds } from '@/lib/api-error';
import { useCountdown } from '@/lib/use-countdown';

/** A new code may be asked for 30 s after the last one was sent (DESIGN §4). */
export const RESEND_WAIT_SECONDS = 30;

export interface ResendCodeProps {
  /** Asks the server for a new code; resolves with its message. */
  resend: () => Promise<MessageResponse>;
  /** Seconds until the first resend is allowed: a code was sent just before this screen. */
  initialSeconds?: number;
}

/**
 * "Resend code", locked behind a countdown that starts when the screen opens (a code was just
 * sent) and again after each resend; a 429 restarts it with the server's Retry-After.
 */
export function ResendCode({ resend, initialSeconds = RESEND_WAIT_SECONDS }: ResendCodeProps) {
  const { secondsLeft, restart } = useCountdown(initialSeconds);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'sent' | 'failed'; text: string } | null>(null);

  const onResend = async () => {
    setSending(true);
    setNotice(null);
    try {
      const { message } = await resend();
      setNotice({ kind: 'sent', text: message });
      restart(RESEND_WAIT_SECONDS);
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (httpStatus(error) === 429 && wait !== undefined) restart(wait);
      setNotice({
        kind: 'failed',
        text: describeError(error, 'We could not send a new code. Please try again.'),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        onClick={() => void onResend()}
        disabled={secondsLeft > 0}
        loading={sending}
      >
        {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
      </Button>
      <div role="status">{notice?.kind === 'sent' && <Text size="sm">{notice.text}</Text>}</div>
      {notice?.kind === 'failed' && (
        <Text role="alert" size="sm" c="var(--mantine-color-error)">
          {notice.text}
        </Text>
      )}
    </Stack>
  );
}
