import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema.ts; they are applied in-process at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
