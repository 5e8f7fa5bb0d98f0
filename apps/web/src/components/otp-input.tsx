import { PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';

/** Codes sent by email are six digits (DESIGN §4). */
export const OTP_LENGTH = 6;

const completeCode = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the code as soon as all six digits are in (typed, pasted or autofilled). */
  onComplete: (code: string) => void;
  /** A message to show under the boxes; the boxes turn red. */
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
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
  disabled,
  autoFocus,
  label = 'Verification code',
}: OtpInputProps) {
  const id = useId();
  const labelId = `${id}label`;
  const errorId = `${id}error`;
  const hasError = error !== undefined && error !== null && error !== '';
  const firstBox = useRef<HTMLInputElement>(null);

  // After a wrong code the boxes are emptied: put the cursor back in the first one.
  useEffect(() => {
    if (hasError && !disabled) firstBox.current?.focus();
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
          'aria-label': `${label}, digit ${index + 1} of ${OTP_LENGTH}`,
          'aria-invalid': hasError,
          'aria-describedby': hasError ? errorId : undefined,
        })}
      />
      {hasError && (
        <Text id={errorId} role="alert" size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      )}
    </Stack>
  );
}
