// The customer feature's public API: the stored customer (the session entity every feature reads
// and updates), facts derived from it, and the profile forms onboarding and settings share.
export { AttributeForm, type AttributeFormProps } from './components/attribute-form';
export { MobileNumberForm, type MobileNumberFormProps } from './components/mobile-number-form';
// The phone input's formatting, for the other forms that ask for a number (recipients).
export { formatAsTyped, nationalFormat } from './lib/phone-number';
export { useUpdateCountry } from './api/update-country';
export { loadProfileFormMessages } from './profile-form-messages';
export { customersMessages } from './messages';
export { owesOnboarding, owesSecondFactor, signInNeedsSecondFactor } from './customer-facts';
export {
  clearCustomer,
  customerQuery,
  ensureCustomer,
  getCustomer,
  refreshCustomer,
  setCustomer,
  useCustomer,
} from './customer-store';
