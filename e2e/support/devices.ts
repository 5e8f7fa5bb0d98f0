import { expect, type Locator, type Page } from '@playwright/test';
import { press } from './press.ts';
import { english } from './texts.ts';

const words = english.sessions;

/** The devices signed in to the account, as the Devices screen lists them. */
export function signedInDevices(page: Page): Locator {
  return page.getByRole('list', { name: words['list.label'] }).getByRole('listitem');
}

/** On the Devices screen: signs out the one other device, confirming in the dialog. */
export async function signOutOtherDevice(page: Page): Promise<void> {
  const others = signedInDevices(page).filter({ hasNotText: words['device.current'] });
  await expect(others).toHaveCount(1);
  await press(others.getByRole('button', { name: words['device.signOut'] }));
  await press(
    page
      .getByRole('dialog', { name: words['signOut.title'] })
      .getByRole('button', { name: words['device.signOut'], exact: true }),
  );
}
