// Every screen of the product, in the states a reviewer needs to see: signed out, each step of
// onboarding, signed in. Customers are put in each state through the API, so the tour does not
// depend on the screens' words (it runs in either language).
import { randomUUID } from 'node:crypto';
import { request, type Browser, type Page } from 'playwright-core';
import { press, type ScreenRecorder } from './capture.ts';
import {
  answerCategory,
  chooseCountry,
  newEmail,
  onboardedCustomer,
  passSecondFactor,
  resetLinkPath,
  sampleMobile,
  signInToSecondFactor,
  signUp,
  verifyEmail,
} from './corridor-api.ts';

export interface TourOptions {
  origin: string;
  locale: string;
  colorScheme: 'light' | 'dark';
}

/** The signed-in screens of docs/product/routes-and-screens.md; those of one item show one that does not exist. */
const signedInScreens: [name: string, url: string][] = [
  ['dashboard', '/dashboard'],
  ['transactions', '/transactions'],
  ['recipients', '/recipients'],
  ['account-verification', '/account-verification'],
  ['upload-documents', '/account-verification/upload/POI'],
  ['settings', '/settings'],
  ['devices', '/devices'],
  ['send-money', `/transfer/${randomUUID()}`],
  ['make-payment', `/pay/${randomUUID()}`],
  ['processing-payment', `/payment/cb/${randomUUID()}`],
  ['transaction', `/transaction/${randomUUID()}`],
  ['recipient', `/recipient/${randomUUID()}`],
];

function newContext(browser: Browser, recorder: ScreenRecorder, options: TourOptions) {
  return browser.newContext({
    ...recorder.size.options,
    baseURL: options.origin,
    locale: options.locale,
    colorScheme: options.colorScheme,
  });
}

/**
 * The signed-out screens, the second factor last; `page`'s browser ends signed in as a customer
 * who owes nothing.
 */
async function signedOut(page: Page, recorder: ScreenRecorder, origin: string) {
  await recorder.visit(page, 'sign-in', '/');
  await recorder.visit(page, 'sign-up', '/sign-up');
  await recorder.visit(page, 'forgot-password', '/forgot-password');

  // A customer made apart from this browser, which stays signed out for now.
  const api = await request.newContext({ baseURL: origin });
  const email = await onboardedCustomer(api);
  await recorder.visit(page, 'reset-password', await resetLinkPath(api, email));
  await api.dispose();
  await recorder.visit(page, 'reset-password-invalid', '/reset-password/bm90LWEtcmVhbC1saW5r');
  await recorder.visit(page, 'not-found', '/no/such/page');

  // The browser's own session, waiting for the second factor.
  const since = await signInToSecondFactor(page.request, email);
  await recorder.visit(page, 'mfa', '/mfa');
  await passSecondFactor(page.request, email, since);
}

/** A new customer through each step of onboarding, the last one answered on the screen. */
async function onboarding(page: Page, recorder: ScreenRecorder) {
  const api = page.request;
  const onboardingUrl = '/workflow/onboarding';
  const email = newEmail('newcomer');
  const since = await signUp(api, email);
  await recorder.visit(page, 'onboarding-verify-email', onboardingUrl);
  await verifyEmail(api, email, since);
  await recorder.visit(page, 'onboarding-country', onboardingUrl);
  await recorder.visit(page, 'dashboard-tasks-owed', '/dashboard');
  await chooseCountry(api);
  await recorder.visit(page, 'onboarding-personal-details', onboardingUrl);
  await answerCategory(api, 'identity');
  await recorder.visit(page, 'onboarding-employment', onboardingUrl);
  await answerCategory(api, 'employment');
  await recorder.visit(page, 'onboarding-address', onboardingUrl);
  await answerCategory(api, 'address');
  await recorder.visit(page, 'onboarding-mobile-number', onboardingUrl);
  // "All set" shows only to a customer who finishes on the screen.
  await recorder.shoot(page, 'onboarding-done', async () => {
    const mobile = page.locator('main input[type="tel"]');
    await mobile.fill(sampleMobile());
    await press(recorder.size, page.locator('main form button[type="submit"]').first());
    await mobile.waitFor({ state: 'detached' });
  });
}

/** The whole tour at one size: signed out, onboarding (a browser of its own), signed in. */
export async function tour(browser: Browser, recorder: ScreenRecorder, options: TourOptions) {
  const visitor = await newContext(browser, recorder, options);
  try {
    const page = await visitor.newPage();
    await signedOut(page, recorder, options.origin);
    const newcomer = await newContext(browser, recorder, options);
    try {
      await onboarding(await newcomer.newPage(), recorder);
    } finally {
      await newcomer.close();
    }
    for (const [name, url] of signedInScreens) await recorder.visit(page, name, url);
  } finally {
    await visitor.close();
  }
}
