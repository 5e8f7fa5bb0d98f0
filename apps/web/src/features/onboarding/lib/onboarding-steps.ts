import type { Customer } from '@corridor/contracts';
import type { ComponentType } from 'react';
import { AddressStep, EmploymentStep, IdentityStep } from '../components/attribute-steps';
import { CountryStep } from '../components/country-step';
import { EmailVerificationStep } from '../components/email-verification-step';
import { MobileNumberStep } from '../components/mobile-number-step';

export interface OnboardingStep {
  readonly id: string;
  readonly title: string;
  /** Still owed according to the stored customer, which the server keeps authoritative. */
  readonly isOwed: (customer: Customer) => boolean;
  /** Asked only of some customers (it depends on their country): listed only when owed. */
  readonly conditional: boolean;
  readonly Component: ComponentType<{ customer: Customer }>;
}

/**
 * The onboarding steps in order (original product §4.13). The customer is always on the first
 * step still owed, so the flow resumes where it was left.
 */
export const onboardingSteps: readonly OnboardingStep[] = [
  {
    id: 'email-verification',
    title: 'Verify your email',
    isOwed: (customer) => !customer.account.is_email_verified,
    conditional: false,
    Component: EmailVerificationStep,
  },
  {
    id: 'country',
    title: 'Your country',
    isOwed: (customer) => customer.country === null,
    conditional: false,
    Component: CountryStep,
  },
  {
    id: 'identity',
    title: 'Personal details',
    isOwed: (customer) => customer.is_identity_information_required,
    conditional: false,
    Component: IdentityStep,
  },
  {
    id: 'employment',
    title: 'Employment',
    isOwed: (customer) => customer.is_employment_information_required,
    conditional: true,
    Component: EmploymentStep,
  },
  {
    id: 'address',
    title: 'Address',
    isOwed: (customer) => customer.is_address_information_required,
    conditional: true,
    Component: AddressStep,
  },
  {
    id: 'mobile-number',
    title: 'Mobile number',
    isOwed: (customer) => customer.account.mobile_number === null,
    conditional: false,
    Component: MobileNumberStep,
  },
];

/** The steps the customer still owes, in order. */
export function owedSteps(
  customer: Customer,
  steps: readonly OnboardingStep[] = onboardingSteps,
): OnboardingStep[] {
  return steps.filter((step) => step.isOwed(customer));
}

/** The step the customer is on, or undefined when nothing is owed. */
export function currentStep(
  customer: Customer,
  steps: readonly OnboardingStep[] = onboardingSteps,
): OnboardingStep | undefined {
  return steps.find((step) => step.isOwed(customer));
}

/**
 * The steps to list: every unconditional step, and each conditional one that is owed now or was
 * owed earlier in this visit (`seen`), so a finished step stays listed as done.
 */
export function listedSteps(
  customer: Customer,
  seen: ReadonlySet<string>,
  steps: readonly OnboardingStep[] = onboardingSteps,
): OnboardingStep[] {
  return steps.filter((step) => !step.conditional || step.isOwed(customer) || seen.has(step.id));
}
