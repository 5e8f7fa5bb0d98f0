export * from './auth.ts';
export * from './countries.ts';
export * from './customer.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './onboarding.ts';
export * from './pagination.ts';
export * from './routes.ts';
