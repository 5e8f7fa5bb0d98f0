// Every schema (schemas.ts) and every plain constant of the wire format (wire.ts).
export * from './schemas.ts';
export * from './wire.ts';
// The full-cost disclosure's template (plain TypeScript; also `@corridor/contracts/wire/disclosure`).
export * from './disclosure.ts';
export * from './disclosure-texts.ts';
