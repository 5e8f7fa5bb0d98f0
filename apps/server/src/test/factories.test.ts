import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardedCustomer, signedInCustomer, verifiedCustomer } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('test factories', () => {
  it('make a signed-in customer straight in the database', async () => {
    const { browser, customerId } = await signedInCustomer(testApp.app, testApp.database.db);
    // A customer row and a session only (no account): enough for the foundation's tests.
    const devices = await browser.get('/client/v1/devices');
    expect(devices.statusCode).toBe(200);
    expect(customerId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('make a verified customer and an onboarded one through the API', async () => {
    const verified = await verifiedCustomer(testApp.app, 'factory-verified@example.com');
    expect(verified.customer.account.is_email_verified).toBe(true);
    const onboarded = await onboardedCustomer(testApp.app, 'factory-onboarded@example.com');
    expect(onboarded.customer).toMatchObject({
      name: 'Ada',
      is_identity_information_required: false,
      country: { iso2_alpha: 'GB' },
    });
  });
});
