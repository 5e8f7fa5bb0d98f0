import { describe, expect, it } from 'vitest';
import { findRoute, isPublicPath, pathTo, routeTable, routes } from './routes';

describe('route table', () => {
  it('has exactly the 18 routes of docs/product/routes-and-screens.md#routes with their titles', () => {
    expect(routeTable.map(({ path, name, title }) => [path, name, title])).toEqual([
      ['/', 'signIn', 'Sign in'],
      ['/mfa', 'multiFactorAuth', 'More authentication required'],
      ['/forgot-password', 'forgotPassword', 'Forgot password'],
      ['/reset-password/:token', 'resetPassword', 'Reset password'],
      ['/sign-up', 'signUp', 'Register your account'],
      ['/workflow/onboarding', 'onboardingWorkflow', 'Complete Signup'],
      ['/dashboard', 'dashboard', 'Dashboard'],
      ['/transfer/:quoteId', 'transferWizard', 'Send Money'],
      ['/pay/:transactionId', 'makePayment', 'Make Payment'],
      ['/payment/cb/:transactionId', 'paymentCallback', 'Processing Payment'],
      ['/transactions', 'transactions', 'Transactions'],
      ['/transaction/:transactionId', 'viewTransaction', 'Transaction'],
      ['/recipients', 'recipients', 'Recipients'],
      ['/recipient/:id', 'viewRecipient', 'Recipient'],
      ['/account-verification', 'accountVerification', 'Account verification'],
      ['/account-verification/upload/:category', 'categoryView', 'Upload documents'],
      ['/settings', 'settings', 'Settings'],
      ['/devices', 'devices', 'Devices'],
    ]);
  });

  it('has unique names, paths and non-empty titles', () => {
    expect(routeTable).toHaveLength(18);
    expect(new Set(routeTable.map((route) => route.name)).size).toBe(18);
    expect(new Set(routeTable.map((route) => route.path)).size).toBe(18);
    for (const route of routeTable) expect(route.title.trim()).not.toBe('');
  });

  it('makes exactly the sign-in, sign-up, password and MFA screens public', () => {
    expect(
      routeTable.filter((route) => route.access === 'public').map((route) => route.name),
    ).toEqual(['signIn', 'multiFactorAuth', 'forgotPassword', 'resetPassword', 'signUp']);
  });

  it('looks routes up by name', () => {
    expect(routes.transferWizard).toMatchObject({
      path: '/transfer/:quoteId',
      title: 'Send Money',
    });
  });
});

describe('pathTo', () => {
  it('builds paths without parameters', () => {
    expect(pathTo('signIn')).toBe('/');
    expect(pathTo('accountVerification')).toBe('/account-verification');
  });

  it('fills and encodes parameters', () => {
    expect(pathTo('viewRecipient', { id: 'b7e2' })).toBe('/recipient/b7e2');
    expect(pathTo('categoryView', { category: 'POI' })).toBe('/account-verification/upload/POI');
    expect(pathTo('resetPassword', { token: 'a/b+c=' })).toBe('/reset-password/a%2Fb%2Bc%3D');
  });
});

describe('findRoute and isPublicPath', () => {
  it('finds the route of a concrete path', () => {
    expect(findRoute('/payment/cb/42')?.name).toBe('paymentCallback');
    expect(findRoute('/transactions/')?.name).toBe('transactions');
    expect(findRoute('/nope')).toBeUndefined();
  });

  it('treats public routes and unknown paths as public', () => {
    expect(isPublicPath('/')).toBe(true);
    expect(isPublicPath('/reset-password/xyz')).toBe(true);
    expect(isPublicPath('/definitely/not/here')).toBe(true);
    expect(isPublicPath('/dashboard')).toBe(false);
    expect(isPublicPath('/account-verification/upload/POA')).toBe(false);
  });
});
