import crypto from 'node:crypto';
import { apiPaths } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestBrowser } from '../../test/test-browser.ts';

const testApp = appPerFile();

async function signUp(password: string, email: string, language: 'en' | 'es' = 'en') {
  const browser = new TestBrowser(testApp.app);
  return browser.request(
    'POST',
    apiPaths.signup,
    { email, password, confirm_password: password },
    { 'accept-language': language },
  );
}

// docs/product/accounts-and-sessions.md#password-policy: the product's name or the email's name
// is refused with a message that says so, not "too common".
describe('issue 28: a password naming the product or the email says why it is refused', () => {
  it('issue 28: "Corridor-Walk-2026x" is refused for the product\'s name, in English and Spanish', async () => {
    const email = `walker-${crypto.randomUUID()}@example.com`;
    const english = await signUp('Corridor-Walk-2026x', email);
    expect(english.statusCode).toBe(422);
    expect(english.json()).toMatchObject({
      errors: {
        password: [
          "This password is too easy to guess: it contains the product's name or your email. Choose another.",
        ],
      },
    });
    const spanish = await signUp('Corridor-Walk-2026x', email, 'es');
    expect(spanish.json()).toMatchObject({
      errors: {
        password: [
          'Esta contraseña es demasiado fácil de adivinar: contiene el nombre del producto o tu email. Elige otra.',
        ],
      },
    });
  });

  it("issue 28: a password containing the email's name gets the same message", async () => {
    const response = await signUp('Greenfinch-Walk-2026x', `greenfinch@example.com`);
    expect(response.json()).toMatchObject({
      errors: { password: [expect.stringContaining("the product's name or your email")] },
    });
  });

  it('issue 28: a common password is still "too common"', async () => {
    const response = await signUp('Password1234', `common-${crypto.randomUUID()}@example.com`);
    expect(response.json()).toMatchObject({
      errors: { password: ['This password is too common or too easy to guess. Choose another.'] },
    });
  });
});
