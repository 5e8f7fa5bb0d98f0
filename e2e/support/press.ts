import { expect, type Locator, type Page } from '@playwright/test';

/** Asked once per page: a context's touch emulation cannot change after it is made. */
const touchScreens = new WeakMap<Page, Promise<boolean>>();

/** Whether the page's browser has a touch screen (the phone project; Chromium emulates one). */
export function hasTouchScreen(page: Page): Promise<boolean> {
  let answer = touchScreens.get(page);
  if (!answer) {
    const ask = () => page.evaluate(() => navigator.maxTouchPoints > 0);
    // Asked during a navigation, the page's script is gone: ask the page that arrives.
    answer = ask().catch(() => page.waitForLoadState().then(ask));
    touchScreens.set(page, answer);
  }
  return answer;
}

/**
 * Activates `target` as the customer of this browser would: a tap on a touch screen, a click
 * otherwise, so the phone project proves every control works by touch.
 */
export async function press(target: Locator): Promise<void> {
  if (await hasTouchScreen(target.page())) await target.tap();
  else await target.click();
}

/** Ticks a checkbox by pressing it (Playwright's `check` clicks, even on a touch screen). */
export async function tick(checkbox: Locator): Promise<void> {
  if (!(await checkbox.isChecked())) await press(checkbox);
  await expect(checkbox).toBeChecked();
}
