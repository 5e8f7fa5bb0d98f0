import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import {
  choose,
  chooseFirst,
  field,
  signUp,
  uniqueEmail,
  uniqueMobile,
  verifyEmail,
} from '../support/journeys.ts';
import { press } from '../support/press.ts';
import { spanish as t } from '../support/texts.ts';

// A browser whose language is Spanish: the first visit picks Spanish (docs/product/web-app.md#languages). Every word
// below is read from the Spanish catalogues (support/texts.ts), so the journey follows them.
test.use({ locale: 'es-ES' });

const expectSpanishPage = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('lang', 'es');

function stepHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name });
}

const next = (page: Page) =>
  press(page.getByRole('button', { name: t.common['action.continue'], exact: true }));

// Once, at desktop size (@any-screen): the same screens and pickers at phone size are the English
// journeys' (accounts.spec.ts, onboarding.spec.ts), and every screen in Spanish is drawn and
// measured on a phone by routes.spec.ts.
test('in Spanish: sign up, verify the email, finish onboarding @any-screen', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('spanish');

  await page.goto('/sign-up');
  await expectSpanishPage(page);
  await signUp(page, email, t);
  await expectSpanishPage(page);
  // The address is new, so its only mail is the code, whatever the language of its subject.
  await verifyEmail(page, email, t, /./);

  await expect(stepHeading(page, t.onboarding['step.country'])).toBeVisible();
  await expectNoA11yViolations(page);
  await choose(page, t.onboarding['country.label'], t.country('GB'));
  await next(page);

  await expect(stepHeading(page, t.onboarding['step.identity'])).toBeVisible();
  await field(page, t.api('profile.label.firstName')).fill('Ada');
  await field(page, t.api('profile.label.lastName')).fill('Lovelace');
  await field(page, t.api('profile.label.birthDate')).fill('1990-05-17');
  await choose(page, t.api('profile.label.nationality'), t.country('GB'), { scanOpen: true });
  await next(page);

  await expect(stepHeading(page, t.onboarding['step.employment'])).toBeVisible();
  await choose(page, t.api('profile.label.occupation'), t.api('occupation.engineer'));
  await chooseFirst(page, t.api('profile.label.yearlyIncome'));
  await next(page);

  await expect(stepHeading(page, t.onboarding['step.address'])).toBeVisible();
  await field(page, t.api('profile.label.addressLine1')).fill('1 Market Street');
  await field(page, t.api('profile.label.townOrCity')).fill('London');
  await field(page, t.api('profile.label.postcode')).fill('SW1A 2AA');
  await next(page);

  await expect(stepHeading(page, t.onboarding['step.mobileNumber'])).toBeVisible();
  await field(page, t.customers['mobile.number']).fill(uniqueMobile.GB());
  await next(page);

  await expect(stepHeading(page, t.onboarding['complete.title'])).toBeVisible();
  await expectSpanishPage(page);
  await expectNoA11yViolations(page);
  await press(page.getByRole('link', { name: t.onboarding['complete.dashboard'] }));
  await expect(page).toHaveURL('/dashboard');
  await expect(page).toHaveTitle(t.dashboard.title);
  await expect(page.getByRole('heading', { level: 1, name: t.dashboard.title })).toBeVisible();
  await expectSpanishPage(page);
});
