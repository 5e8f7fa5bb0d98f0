import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y.ts';
import { codeFromMailbox } from './mailbox.ts';
import { press, tick } from './press.ts';
import { english, type Texts } from './texts.ts';

export const PASSWORD = 'Send-Home-2026';

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const digits = (count: number) =>
  String(Math.floor(Math.random() * 10 ** count)).padStart(count, '0');

/** A mobile number of the country nobody has yet: one number belongs to one customer. */
export const uniqueMobile = {
  GB: () => `07400 ${digits(6)}`,
  US: () => `201 555 ${digits(4)}`,
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Types a 6-digit code into the code boxes (the form submits itself when complete). */
export async function typeCode(page: Page, code: string, t: Texts = english): Promise<void> {
  const firstBox = t.format(t.common['otp.digit'], {
    label: t.common['otp.label'],
    index: 1,
    length: code.length,
  });
  await press(page.getByRole('textbox', { name: firstBox, exact: true }));
  await page.keyboard.type(code);
}

/** A text field by its whole name (a required field's label shows a "*" the name leaves out). */
export function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

/** Signs up through the form and lands on onboarding, email not yet verified. */
export async function signUp(page: Page, email: string, t: Texts = english): Promise<void> {
  await page.goto('/sign-up');
  await expect(page).toHaveTitle(t.accounts['signUp.title']);
  await field(page, t.accounts['field.email']).fill(email);
  await page.getByLabel(t.accounts['field.password'], { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.accounts['field.confirmPassword'], { exact: true }).fill(PASSWORD);
  const submit = page.getByRole('button', { name: t.common['action.continue'], exact: true });
  await expect(submit).toBeDisabled();
  await tick(page.getByRole('checkbox', { name: t.accounts['signUp.terms'], exact: true }));
  await expectNoA11yViolations(page);
  await press(submit);
  await expect(page).toHaveURL('/workflow/onboarding');
  await expect(page).toHaveTitle(t.onboarding.title);
}

/**
 * Enters the emailed verification code on the onboarding screen. The new address's only mail is
 * that code; its subject is matched where the journey knows the language of the emails.
 */
export async function verifyEmail(
  page: Page,
  email: string,
  t: Texts = english,
  subject = /verify your email/i,
): Promise<void> {
  await typeCode(page, await codeFromMailbox(page.request, email, subject), t);
}

/**
 * The design system's picker (ui/search-select.tsx, every country picker): a button that opens
 * a dialog with a search box and the list. Mantine's Select (the server's option lists) is an
 * input with its list under it.
 */
async function opensADialog(picker: Locator): Promise<boolean> {
  return (await picker.getAttribute('aria-haspopup')) === 'dialog';
}

/**
 * Picks `option` in the searchable select labelled `label`, typing it as a customer would;
 * `scanOpen` checks the open list with axe first.
 */
export async function choose(
  page: Page,
  label: string,
  option: string,
  { scanOpen = false }: { scanOpen?: boolean } = {},
): Promise<void> {
  const picker = page.getByRole('combobox', { name: label, exact: true });
  const chosen = new RegExp(escapeRegExp(option));
  if (await opensADialog(picker)) {
    // Some pickers start on a sensible default (a calling code: the customer's country).
    if ((await picker.textContent())?.trim() === option) return;
    await press(picker);
    const dialog = page.getByRole('dialog', { name: label, exact: true });
    await dialog.getByRole('combobox').fill(option);
    const found = dialog.getByRole('option', { name: option, exact: true });
    await expect(found).toBeVisible();
    if (scanOpen) await expectNoA11yViolations(page);
    await press(found);
    await expect(dialog).toBeHidden();
    await expect(picker).toHaveText(chosen);
    return;
  }
  if ((await picker.inputValue()) === option) return;
  await press(picker);
  await picker.fill(option);
  if (scanOpen) await expectNoA11yViolations(page);
  await press(page.getByRole('option', { name: option, exact: true }));
  await expect(picker).toHaveValue(chosen);
}

/** Picks the first option of the select labelled `label` (any answer will do). */
export async function chooseFirst(page: Page, label: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: label, exact: true });
  if (await opensADialog(picker)) {
    await press(picker);
    const dialog = page.getByRole('dialog', { name: label, exact: true });
    await press(dialog.getByRole('option').first());
    await expect(dialog).toBeHidden();
    await expect(picker).not.toHaveText(/^$/);
    return;
  }
  await press(picker);
  await press(page.getByRole('option').first());
  await expect(picker).not.toHaveValue('');
}

/**
 * Signs in through the form and the emailed second factor, landing where the customer belongs:
 * the dashboard, or the first onboarding step still owed (issue 14, defect 4).
 */
export async function signIn(
  page: Page,
  email: string,
  landsOn: 'dashboard' | 'onboarding' = 'dashboard',
): Promise<void> {
  const t = english;
  const started = new Date(Date.now() - 1000);
  await page.goto('/');
  await field(page, t.accounts['field.email']).fill(email);
  await page.getByLabel(t.accounts['field.password'], { exact: true }).fill(PASSWORD);
  await press(page.getByRole('button', { name: t.common['action.continue'], exact: true }));
  await expect(page).toHaveURL(/\/mfa/);
  await expect(page).toHaveTitle(t.accounts['mfa.title']);
  await expectNoA11yViolations(page);
  await typeCode(page, await codeFromMailbox(page.request, email, /sign-in code/i, started));
  await expect(page).toHaveURL(landsOn === 'dashboard' ? '/dashboard' : '/workflow/onboarding');
}
