import { describe, expect, it } from 'vitest';
import {
  customerFixture,
  onboardedCustomerFixture,
  ukCustomerFixture,
  unitedKingdom,
  unverifiedCustomerFixture,
} from '@/test/fixtures';
import { currentStep, listedSteps, owedSteps } from './onboarding-steps';

const ids = (steps: readonly { id: string }[]) => steps.map((step) => step.id);

describe('onboarding steps: what is owed', () => {
  it('a new customer owes every step, in order', () => {
    expect(ids(owedSteps(unverifiedCustomerFixture()))).toEqual([
      'email-verification',
      'country',
      'identity',
      'employment',
      'address',
      'mobile-number',
    ]);
    expect(currentStep(unverifiedCustomerFixture())?.id).toBe('email-verification');
  });

  it('a verified email without a country resumes at the country', () => {
    expect(currentStep(customerFixture())?.id).toBe('country');
  });

  it('with a country, resumes at identity', () => {
    expect(currentStep(ukCustomerFixture())?.id).toBe('identity');
  });

  it('identity done: employment when required, else address, else mobile number', () => {
    const customer = { ...ukCustomerFixture(), is_identity_information_required: false };
    expect(currentStep(customer)?.id).toBe('employment');
    const noEmployment = { ...customer, is_employment_information_required: false };
    expect(currentStep(noEmployment)?.id).toBe('address');
    const noAddress = { ...noEmployment, is_address_information_required: false };
    expect(currentStep(noAddress)?.id).toBe('mobile-number');
  });

  it('the mobile number is owed until the account has one', () => {
    const customer = onboardedCustomerFixture();
    const withoutNumber = {
      ...customer,
      account: { ...customer.account, mobile_number: null, mobile_number_country: null },
    };
    expect(ids(owedSteps(withoutNumber))).toEqual(['mobile-number']);
  });

  it('a customer who has done everything owes nothing', () => {
    expect(owedSteps(onboardedCustomerFixture())).toEqual([]);
    expect(currentStep(onboardedCustomerFixture())).toBeUndefined();
  });

  it('an earlier step owed again comes first (resume order follows the list, not history)', () => {
    const customer = { ...onboardedCustomerFixture(), country: null };
    expect(currentStep(customer)?.id).toBe('country');
    expect(currentStep({ ...customer, country: unitedKingdom })).toBeUndefined();
  });

  it('lists conditional steps only when owed or already seen in this visit', () => {
    const customer = {
      ...ukCustomerFixture(),
      is_employment_information_required: false,
    };
    expect(ids(listedSteps(customer, new Set()))).toEqual([
      'email-verification',
      'country',
      'identity',
      'address',
      'mobile-number',
    ]);
    const done = { ...customer, is_address_information_required: false };
    expect(ids(listedSteps(done, new Set(['address'])))).toContain('address');
    expect(ids(listedSteps(done, new Set()))).not.toContain('address');
  });
});
