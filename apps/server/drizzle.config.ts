import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from every table's schema, each beside its owner (`*.schema.ts` in the
// modules and platform parts, docs/decisions/0030); they are applied in-process at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/*.schema.ts',
  out: './drizzle',
});
