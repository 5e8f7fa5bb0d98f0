import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'eslint-rules',
    environment: 'node',
    include: ['*.test.ts'],
    // Loading the project's ESLint configuration (typescript-eslint, the resolver) takes seconds.
    testTimeout: 60_000,
  },
});
