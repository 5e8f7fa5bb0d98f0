import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until what is on screen has settled: no finite animation or transition running, and
 * every open dialog drawn at full opacity. A dialog scanned mid-fade reads its colours too
 * faint, and a dialog's fade may not have started yet when it first counts as visible (Mantine
 * sets the entering style a frame after mounting), so "no animation running" alone is not
 * enough. A spinner turns for ever: only the animations that end are waited for.
 */
export async function waitForSettledScreen(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const animating = document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' &&
          animation.effect?.getTiming().iterations !== Infinity,
      );
    if (animating) return false;
    return [...document.querySelectorAll('[role="dialog"]')].every((dialog) => {
      for (let node: Element | null = dialog; node; node = node.parentElement) {
        if (getComputedStyle(node).opacity !== '1') return false;
      }
      return true;
    });
  });
}

/** Zero WCAG 2.x A/AA violations on the page once it has settled. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  await waitForSettledScreen(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}
