import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y.ts';
import { codeFromMailbox } from './mailbox.ts';

export const PASSWORD = 'Send-Home-2026';

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Types a 6-digit code into the code boxes (the form submits itself when complete). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Verification code, digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Signs up through the form and lands on onboarding, email not yet verified. */
export async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/sign-up');
  await expect(page).toHaveTitle('Register your account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  const submit = page.getByRole('button', { name: 'Continue' });
  await expect(submit).toBeDisabled();
  await page
    .getByRole('checkbox', { name: 'I agree to privacy policy & terms of service' })
    .check();
  await expectNoA11yViolations(page);
  await submit.click();
  await expect(page).toHaveURL('/workflow/onboarding');
  await expect(page).toHaveTitle('Complete Signup');
}

/** Enters the emailed verification code on the onboarding screen. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await typeCode(page, await codeFromMailbox(page.request, email, /verify your email/i));
}

/** Picks `option` in the searchable select labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  // Some pickers start on a sensible default (nationality: the customer's country).
  if ((await input.inputValue()) === option) return;
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(new RegExp(option));
}

/** Signs in through the form and the emailed second factor; lands on the dashboard. */
export async function signIn(page: Page, email: string): Promise<void> {
  const started = new Date(Date.now() - 1000);
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/mfa/);
  await expect(page).toHaveTitle('More authentication required');
  await expectNoA11yViolations(page);
  await typeCode(page, await codeFromMailbox(page.request, email, /sign-in code/i, started));
  await expect(page).toHaveURL('/dashboard');
}
