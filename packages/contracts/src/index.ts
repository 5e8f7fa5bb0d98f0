// First: zod's settings must hold before any schema below is made.
import './zod-config.ts';
export * from './auth.ts';
export * from './countries.ts';
export * from './customer.ts';
export * from './errors.ts';
export * from './fx.ts';
export * from './health.ts';
export * from './mask-email.ts';
export * from './money.ts';
export * from './onboarding.ts';
export * from './pagination.ts';
export * from './payouts.ts';
export * from './profile.ts';
export * from './realtime.ts';
export * from './text.ts';
export * from './wire.ts';
