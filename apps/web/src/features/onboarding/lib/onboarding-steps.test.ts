import { describe, expect, it } from 'vitest';
import {
  customerFixture,
  onboardedCustomerFixture,
  ukCustomerFixture,
  unitedKingdom,
  unverifiedCustomerFixture,
} from '@/test/fixtures';
import { owesOnboarding } from '@/features/customers';
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

  it('defect 16: lists the steps that apply, done or not, the same after a reload', () => {
    const all = [
      'email-verification',
      'country',
      'identity',
      'employment',
      'address',
      'mobile-number',
    ];
    // Nothing known about the customer's country yet: every step may apply.
    expect(ids(listedSteps(unverifiedCustomerFixture()))).toEqual(all);
    // Employment done, then a reload: it is still listed (and counted), as done.
    const employmentDone = { ...ukCustomerFixture(), is_employment_information_required: false };
    expect(ids(listedSteps(employmentDone))).toEqual(all);
    expect(ids(listedSteps(onboardedCustomerFixture()))).toEqual(all);
  });

  it("leaves out a category the customer's country does not require", () => {
    const customer = ukCustomerFixture();
    const withoutEmployment = {
      ...customer,
      attributes: customer.attributes.map((attribute) =>
        attribute.category === 'employment' ? { ...attribute, is_required: false } : attribute,
      ),
      is_employment_information_required: false,
    };
    expect(ids(listedSteps(withoutEmployment))).not.toContain('employment');
    expect(ids(listedSteps(withoutEmployment))).toHaveLength(5);
  });

  it('agrees with owesOnboarding, which sends a signed-in customer here', () => {
    const customers = [
      unverifiedCustomerFixture(),
      customerFixture(),
      ukCustomerFixture(),
      { ...ukCustomerFixture(), is_identity_information_required: false },
      onboardedCustomerFixture(),
    ];
    for (const customer of customers) {
      expect(owesOnboarding(customer)).toBe(currentStep(customer) !== undefined);
    }
  });
});
