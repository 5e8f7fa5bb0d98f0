/**
 * The wire format's plain constants (paths, cookie and header names, error types, channel and
 * event names) without zod, so a client can use them without loading the schemas
 * (`@corridor/contracts/wire`). The package root exports these too, with every schema.
 */
export * from './account-paths.ts';
export * from './channels.ts';
export * from './device-description.ts';
export * from './document-limits.ts';
export * from './error-types.ts';
export * from './headers.ts';
export * from './routes.ts';
export * from './locales.ts';
export * from './page-answers.ts';
