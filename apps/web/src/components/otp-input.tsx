import { PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { commonMessages, useT } from '@/i18n';

/** Codes sent by email are six digits (docs/product/accounts-and-sessions.md#one-time-codes). */
export const OTP_LENGTH = 6;

const completeCode = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the code as soon as all six digits are in (typed, pasted or autofilled). */
  onComplete: (code: string) => void;
  /** A message to show under the boxes; the boxes turn red. */
  error?: string | null;
  /**
   * Why the boxes are locked and until when ("…again in 42 seconds"), ticking: shown as a timer,
   * which screen readers do not read out at every tick; the boxes are disabled meanwhile.
   */
  lockMessage?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  /** "Verification code" by default. */
  label?: string;
}

/**
 * A six-digit one-time code: one box per digit, numeric keyboard on phones, and the browser's
 * one-time-code autofill. Labelled as a whole ("Verification code") and per box ("digit 2 of 6").
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  error,
  lockMessage,
  disabled: givenDisabled,
  autoFocus,
  label: givenLabel,
}: OtpInputProps) {
  const t = useT(commonMessages);
  const label = givenLabel ?? t('otp.label');
  const id = useId();
  const labelId = `${id}label`;
  const errorId = `${id}error`;
  const lockId = `${id}lock`;
  const hasError = error !== undefined && error !== null && error !== '';
  const isLocked = lockMessage !== undefined && lockMessage !== null && lockMessage !== '';
  const disabled = givenDisabled === true || isLocked;
  const describedBy = [hasError ? errorId : '', isLocked ? lockId : ''].filter(Boolean).join(' ');
  const firstBox = useRef<HTMLInputElement>(null);

  // After a wrong code the boxes are emptied, and after a lock-out they open again: put the
  // cursor back in the first one.
  const wasDisabled = useRef(disabled);
  useEffect(() => {
    const reopened = wasDisabled.current && !disabled;
    wasDisabled.current = disabled;
    if ((hasError || reopened) && !disabled) firstBox.current?.focus();
  }, [error, hasError, disabled]);

  const handleChange = (next: string) => {
    onChange(next);
    if (completeCode.test(next)) onComplete(next);
  };

  return (
    <Stack gap={6}>
      <Text component="label" id={labelId} htmlFor={`${id}-1`} size="sm" fw={500}>
        {label}
      </Text>
      <PinInput
        ref={firstBox}
        id={id}
        length={OTP_LENGTH}
        type="number"
        oneTimeCode
        value={value}
        onChange={handleChange}
        error={hasError}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-labelledby={labelId}
        getInputProps={(index) => ({
          'aria-label': t('otp.digit', { label, index: index + 1, length: OTP_LENGTH }),
          'aria-invalid': hasError,
          'aria-describedby': describedBy === '' ? undefined : describedBy,
        })}
      />
      {hasError && (
        <Text id={errorId} role="alert" size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      )}
      {isLocked && (
        <Text id={lockId} role="timer" size="sm" c="var(--mantine-color-error)">
          {lockMessage}
        </Text>
      )}
    </Stack>
  );
}
