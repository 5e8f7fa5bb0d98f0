import { setupServer } from 'msw/node';

/** One mock API for every test file; handlers are added per test and reset after each. */
export const server = setupServer();
