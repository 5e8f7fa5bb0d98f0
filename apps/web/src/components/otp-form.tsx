import type { MessageResponse } from '@corridor/contracts';
import { Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { formErrors } from '@/lib/form-errors';
import { OTP_LENGTH, OtpInput } from './otp-input';
import { ResendCode } from './resend-code';

export interface OtpFormProps {
  /** Sends the code to the server; a rejection is shown under the boxes. */
  verify: (otp: string) => Promise<unknown>;
  /** Asks for a new code (see ResendCode). */
  resend: () => Promise<MessageResponse>;
  submitLabel?: string;
}

/**
 * Enter an emailed six-digit code: submits by itself once six digits are in, or with the button;
 * a wrong, expired or voided code empties the boxes and shows the server's message; "Resend code"
 * below with its countdown. Shared by MFA and email verification.
 */
export function OtpForm({ verify, resend, submitLabel = 'Verify' }: OtpFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (otp: string) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await verify(otp);
    } catch (failure) {
      setCode('');
      const { fields, failure: message } = formErrors(
        failure,
        ['otp'],
        'We could not check the code. Please try again.',
      );
      // One place for both: the message goes under the boxes.
      setError(fields.otp ?? message);
    } finally {
      setPending(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) {
      setError(`Enter the ${OTP_LENGTH}-digit code from the email.`);
      return;
    }
    void submit(code);
  };

  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" align="flex-start">
          <OtpInput
            value={code}
            onChange={setCode}
            onComplete={(otp) => void submit(otp)}
            error={error}
            disabled={pending}
            autoFocus
          />
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
      <ResendCode resend={resend} />
    </Stack>
  );
}
