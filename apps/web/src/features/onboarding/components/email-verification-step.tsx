import { maskEmail, type Customer } from '@corridor/contracts';
import { Stack, Text } from '@mantine/core';
import { OtpForm } from '@/components/otp-form';
import { OTP_LENGTH } from '@/components/otp-input';
import { useResendEmailVerification } from '../api/resend-email-verification';
import { useVerifyEmailAddress } from '../api/verify-email-address';

/** Step 1: the code emailed at sign-up proves the address is the customer's. */
export function EmailVerificationStep({ customer }: { customer: Customer }) {
  const verify = useVerifyEmailAddress();
  const resend = useResendEmailVerification();
  return (
    <Stack gap="lg">
      <Text>
        We sent a {OTP_LENGTH}-digit code to <strong>{maskEmail(customer.account.email)}</strong>.
        Enter it below to verify your email. It can take a minute to arrive; check your spam folder
        too.
      </Text>
      <OtpForm verify={(otp) => verify.mutateAsync({ otp })} resend={() => resend.mutateAsync()} />
    </Stack>
  );
}
