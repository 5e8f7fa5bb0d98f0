import type { MessageResponse } from '@corridor/contracts';
import { Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { httpStatus, retryAfterSeconds } from '@/lib/api-error';
import { formErrors } from '@/lib/form-errors';
import { useAsyncAction } from '@/lib/use-async-action';
import { useCountdown } from '@/lib/use-countdown';
import { commonMessages, useT } from '@/i18n';
import { OTP_LENGTH, OtpInput } from './otp-input';
import { ResendCode } from './resend-code';
import { SlowWaitNotice } from './slow-wait-notice';

export interface OtpFormProps {
  /** Sends the code to the server; a rejection is shown under the boxes. */
  verify: (otp: string) => Promise<unknown>;
  /** Asks for a new code (see ResendCode). */
  resend: () => Promise<MessageResponse>;
  submitLabel?: string;
}

/**
 * Enter an emailed six-digit code: submits by itself once six digits are in, or with the button;
 * a wrong, expired or voided code empties the boxes and shows the server's message; too many
 * tries (429) lock the boxes behind a ticking timer; a new code clears the old error (defect
 * 20). "Resend code" below with its countdown. Shared by MFA and email verification.
 */
export function OtpForm({ verify, resend, submitLabel }: OtpFormProps) {
  const t = useT(commonMessages);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lock = useCountdown(0);
  const locked = lock.secondsLeft > 0;
  const check = useAsyncAction(verify);

  const submit = (otp: string) => {
    if (check.isPending || locked) return;
    setError(null);
    check.run(otp, {
      onError: (failure) => {
        setCode('');
        const wait = retryAfterSeconds(failure);
        if (httpStatus(failure) === 429 && wait !== undefined && wait > 0) {
          // The server's own sentence names a wait that would stand still; ours ticks.
          lock.restart(wait);
          setError(null);
          return;
        }
        const { fields, failure: message } = formErrors(failure, ['otp'], t('otp.checkFailed'));
        // One place for both: the message goes under the boxes.
        setError(fields.otp ?? message);
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) {
      setError(t('otp.incomplete', { length: OTP_LENGTH }));
      return;
    }
    submit(code);
  };

  const seconds = lock.secondsLeft;
  // "…again in 42 seconds", in minutes past 90 seconds, so a long lock-out reads naturally.
  const lockMessage = !locked
    ? null
    : seconds <= 90
      ? t('otp.lockedSeconds', { seconds })
      : t('otp.lockedMinutes', { minutes: Math.ceil(seconds / 60) });

  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" align="flex-start">
          <OtpInput
            value={code}
            onChange={setCode}
            onComplete={submit}
            error={locked ? t('otp.tooManyTries') : error}
            lockMessage={lockMessage}
            disabled={check.isPending}
            autoFocus
          />
          <Button type="submit" loading={check.isPending} disabled={locked}>
            {submitLabel ?? t('otp.verify')}
          </Button>
          <SlowWaitNotice show={check.isSlow} onRetry={check.retry} onCancel={check.cancel} />
        </Stack>
      </form>
      <ResendCode
        resend={resend}
        // The old error was about the old code.
        onSent={() => setError(null)}
      />
    </Stack>
  );
}
