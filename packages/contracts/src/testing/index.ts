// Test utilities shared by the web tests and the browser journeys; never imported by the apps.
export { buildCustomer, type CustomerOverrides } from './customer-fixture.ts';
