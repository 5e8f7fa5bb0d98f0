import type { Customer } from '@corridor/contracts';
import { Stack } from '@mantine/core';
import { OtpForm } from '@/components/otp-form';
import { SignUpEmailNotice } from '@/features/accounts/parts';
import { useResendEmailVerification } from '../api/resend-email-verification';
import { useVerifyEmailAddress } from '../api/verify-email-address';

/** Step 1: the code emailed at sign-up proves the address is the customer's. */
export function EmailVerificationStep({ customer }: { customer: Customer }) {
  const verify = useVerifyEmailAddress();
  const resend = useResendEmailVerification();
  return (
    <Stack gap="lg">
      <SignUpEmailNotice email={customer.account.email} />
      <OtpForm verify={(otp) => verify.mutateAsync({ otp })} resend={() => resend.mutateAsync()} />
    </Stack>
  );
}
