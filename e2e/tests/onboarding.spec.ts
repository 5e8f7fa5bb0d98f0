import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { choose, signUp, uniqueEmail, verifyEmail } from '../support/journeys.ts';

interface CountryCase {
  country: string;
  nationality: string;
  region?: { label: string; option: string };
  postcode: { label: string; invalid: string; message: RegExp; valid: string };
  city: { label: string; value: string };
  mobile: string;
}

// Two catalogues that differ: GB has a free-text county and UK postcodes; the US a state list and ZIP codes.
const cases: CountryCase[] = [
  {
    country: 'United Kingdom',
    nationality: 'United Kingdom',
    postcode: { label: 'Postcode', invalid: '12345', message: /postcode/i, valid: 'SW1A 2AA' },
    city: { label: 'Town or city', value: 'London' },
    mobile: '07400 123456',
  },
  {
    country: 'United States',
    nationality: 'Nigeria',
    region: { label: 'State', option: 'California' },
    postcode: { label: 'ZIP code', invalid: '9410', message: /ZIP/i, valid: '94105' },
    city: { label: 'City', value: 'San Francisco' },
    mobile: '201 555 0123',
  },
];

function stepHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name });
}

function task(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

for (const c of cases) {
  test(`onboarding from ${c.country}: resumes after a reload, shows the server's messages, completes the tasks`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(`onboarding-${c.country.replaceAll(' ', '-').toLowerCase()}`);
    await signUp(page, email);
    await verifyEmail(page, email);

    await expect(stepHeading(page, 'Your country')).toBeVisible();
    await expectNoA11yViolations(page);
    await choose(page, 'Country', c.country);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(stepHeading(page, 'Personal details')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    // Too young: the server's rule (18 or older) answers under the field.
    const tooYoung = new Date();
    tooYoung.setUTCFullYear(tooYoung.getUTCFullYear() - 17);
    await page.getByLabel('Date of birth').fill(tooYoung.toISOString().slice(0, 10));
    await choose(page, 'Nationality', c.nationality);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/at least 18 years old/)).toBeVisible();
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(stepHeading(page, 'Employment')).toBeVisible();
    // A reload resumes at the first step still owed.
    await page.reload();
    await expect(stepHeading(page, 'Employment')).toBeVisible();
    await expectNoA11yViolations(page);
    await choose(page, 'Occupation', 'Engineer');
    const income = page.getByRole('combobox', { name: 'Yearly income', exact: true });
    await income.click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(stepHeading(page, 'Address')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('Address line 1').fill('1 Market Street');
    await page.getByRole('textbox', { name: c.city.label, exact: true }).fill(c.city.value);
    if (c.region) await choose(page, c.region.label, c.region.option);
    const postcode = page.getByLabel(c.postcode.label);
    await postcode.fill(c.postcode.invalid);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(c.postcode.message).last()).toBeVisible();
    await expect(stepHeading(page, 'Address')).toBeVisible();
    await postcode.fill(c.postcode.valid);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(stepHeading(page, 'Mobile number')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('12');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/Enter a valid mobile number for/)).toBeVisible();

    // The dashboard's tasks follow what is done so far.
    await page.goto('/dashboard');
    await expect(page.getByText('Welcome, Ada')).toBeVisible();
    await expect(task(page, 'Verify your email address')).toContainText('Done');
    await expect(task(page, 'Add your home address')).toContainText('Done');
    await expect(task(page, 'Add your mobile number')).toContainText('To do');
    await expectNoA11yViolations(page);

    await page.goto('/workflow/onboarding');
    await expect(stepHeading(page, 'Mobile number')).toBeVisible();
    await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(c.mobile);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 'You are all set')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(task(page, 'Add your mobile number')).toContainText('Done');

    // Nothing is owed any more: onboarding sends the customer on.
    await page.goto('/workflow/onboarding');
    await expect(page).toHaveURL('/dashboard');
  });
}
