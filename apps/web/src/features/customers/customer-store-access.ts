// What app/ and other features may reach of the stored customer through loadCustomerStore().
export { owesSecondFactor, signInNeedsSecondFactor } from './customer-facts';
export { refreshCustomer, setCustomer } from './customer-store';
