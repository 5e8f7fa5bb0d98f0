import type { AttributeCategory, Customer } from '@corridor/contracts';
import type { ComponentType } from 'react';
import { AddressStep, EmploymentStep, IdentityStep } from '../components/attribute-steps';
import { CountryStep } from '../components/country-step';
import { EmailVerificationStep } from '../components/email-verification-step';
import { MobileNumberStep } from '../components/mobile-number-step';
import type { OnboardingMessageKey } from '../messages';

export interface OnboardingStep {
  readonly id: string;
  /** The step's title in the onboarding catalogue. */
  readonly title: OnboardingMessageKey;
  /** Still owed according to the stored customer, which the server keeps authoritative. */
  readonly isOwed: (customer: Customer) => boolean;
  /** Asked of this customer at all: a step that does not apply is not listed or counted. */
  readonly applies: (customer: Customer) => boolean;
  readonly Component: ComponentType<{ customer: Customer }>;
}

const always = () => true;

/**
 * A profile category's step applies while the country is unknown (every country asks
 * something) and then when the country's catalogue requires an attribute of it. Read from the
 * customer alone, done or not, so the list and its count are the same after a reload as before
 * it (defect 16: "Step 4 of 6", then "4 of 5" once a done step was forgotten).
 */
function categoryApplies(category: AttributeCategory, isOwed: (customer: Customer) => boolean) {
  return (customer: Customer) =>
    customer.country === null ||
    isOwed(customer) ||
    customer.attributes.some(
      (attribute) => attribute.category === category && attribute.is_required,
    );
}

const identityOwed = (customer: Customer) => customer.is_identity_information_required;
const employmentOwed = (customer: Customer) => customer.is_employment_information_required;
const addressOwed = (customer: Customer) => customer.is_address_information_required;

/**
 * The onboarding steps in order (docs/product/customer-and-onboarding.md#onboarding): the one place that says which steps
 * there are, which apply to a customer and which are owed. The customer is always on the first
 * step still owed, so the flow resumes where it was left.
 */
export const onboardingSteps: readonly OnboardingStep[] = [
  {
    id: 'email-verification',
    title: 'step.emailVerification',
    isOwed: (customer) => !customer.account.is_email_verified,
    applies: always,
    Component: EmailVerificationStep,
  },
  {
    id: 'country',
    title: 'step.country',
    isOwed: (customer) => customer.country === null,
    applies: always,
    Component: CountryStep,
  },
  {
    id: 'identity',
    title: 'step.identity',
    isOwed: identityOwed,
    applies: categoryApplies('identity', identityOwed),
    Component: IdentityStep,
  },
  {
    id: 'employment',
    title: 'step.employment',
    isOwed: employmentOwed,
    applies: categoryApplies('employment', employmentOwed),
    Component: EmploymentStep,
  },
  {
    id: 'address',
    title: 'step.address',
    isOwed: addressOwed,
    applies: categoryApplies('address', addressOwed),
    Component: AddressStep,
  },
  {
    id: 'mobile-number',
    title: 'step.mobileNumber',
    isOwed: (customer) => customer.account.mobile_number === null,
    applies: always,
    Component: MobileNumberStep,
  },
];

/** The steps that apply to the customer, done or not, in order: what is listed and counted. */
export function listedSteps(
  customer: Customer,
  steps: readonly OnboardingStep[] = onboardingSteps,
): OnboardingStep[] {
  return steps.filter((step) => step.applies(customer));
}

/** The steps the customer still owes, in order. */
export function owedSteps(
  customer: Customer,
  steps: readonly OnboardingStep[] = onboardingSteps,
): OnboardingStep[] {
  return listedSteps(customer, steps).filter((step) => step.isOwed(customer));
}

/** The step the customer is on, or undefined when nothing is owed. */
export function currentStep(
  customer: Customer,
  steps: readonly OnboardingStep[] = onboardingSteps,
): OnboardingStep | undefined {
  return owedSteps(customer, steps)[0];
}
