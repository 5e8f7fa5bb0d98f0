// The customers feature's second public entry, for dynamic import only: the stored customer
// alone, for the public screens that leave the query cache out of their first load (issue 13).
// Not `import('@/features/customers')`: a dynamic import of the index pulls every export (the
// profile forms and their phone-number metadata, 58 KB) into one chunk; a static import of it
// puts TanStack Query in the first load (src/test/first-load.test.ts).
export { owesOnboarding, owesSecondFactor, signInNeedsSecondFactor } from './customer-facts';
export { refreshCustomer, setCustomer } from './customer-store';
