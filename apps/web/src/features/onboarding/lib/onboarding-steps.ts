import type { Customer } from '@corridor/contracts';
import type { ComponentType } from 'react';
import { EmailVerificationStep } from '../components/email-verification-step';

export interface OnboardingStep {
  readonly id: string;
  readonly title: string;
  /** Done according to the stored customer, which the server keeps authoritative. */
  readonly isComplete: (customer: Customer) => boolean;
  readonly Component: ComponentType<{ customer: Customer }>;
}

/**
 * The onboarding steps in order (original product §4.13). The customer is always on the first
 * step not yet complete, so the flow resumes where it was left. More steps (country, identity,
 * address, employment, mobile number) join this list.
 */
export const onboardingSteps: readonly OnboardingStep[] = [
  {
    id: 'email-verification',
    title: 'Verify your email',
    isComplete: (customer) => customer.account.is_email_verified,
    Component: EmailVerificationStep,
  },
];

/** The step the customer is on, or undefined when every step is complete. */
export function currentStep(
  customer: Customer,
  steps: readonly OnboardingStep[] = onboardingSteps,
): OnboardingStep | undefined {
  return steps.find((step) => !step.isComplete(customer));
}
