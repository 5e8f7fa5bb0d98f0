// One PNG per screen and size: the screen is captured once it has settled (its data loaded, its
// heading shown, no progress bar, fonts in), whole page, animations stopped.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';

export interface ScreenSize {
  /** The folder of its PNGs: the viewport's width. */
  width: number;
  label: string;
  options: BrowserContextOptions;
}

export const screenSizes: ScreenSize[] = [
  {
    width: 390,
    label: 'phone',
    options: {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent:
        'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    },
  },
  { width: 1280, label: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
];

export interface Shot {
  name: string;
  /** Relative to the output folder; undefined when the screen could not be captured. */
  file?: string;
  error?: string;
}

/** A tap where the size has a touch screen, a click otherwise. */
export async function press(size: ScreenSize, target: Locator): Promise<void> {
  if (size.options.hasTouch) await target.tap();
  else await target.click();
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.locator('#progress-bar').waitFor({ state: 'detached', timeout: 15_000 });
  // A string: these scripts are typed without the DOM's types.
  await page.evaluate('document.fonts.ready.then(() => undefined)');
}

/** Captures the screens of one size into `<out>/<width>/NN-name.png`, numbered in tour order. */
export class ScreenRecorder {
  readonly shots: Shot[] = [];

  constructor(
    private readonly out: string,
    readonly size: ScreenSize,
  ) {
    fs.mkdirSync(path.join(out, String(size.width)), { recursive: true });
  }

  /**
   * Captures the screen `page` shows once `reach` (if given) got there; a screen that fails is
   * noted and the tour goes on.
   */
  async shoot(page: Page, name: string, reach?: () => Promise<unknown>): Promise<void> {
    const number = String(this.shots.length + 1).padStart(2, '0');
    const file = path.join(String(this.size.width), `${number}-${name}.png`);
    try {
      await reach?.();
      await settle(page);
      await this.screenshot(page, path.join(this.out, file));
      this.shots.push({ name, file });
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      this.shots.push({ name, error: message });
      console.error(`  ${this.size.width}: ${name} (${page.url()}) not captured: ${message}`);
    }
  }

  /**
   * The whole page. The window is first made as tall as the page, so what is fixed to the
   * window's bottom (a phone's tab bar) is drawn at the page's end, not over its middle.
   */
  private async screenshot(page: Page, file: string): Promise<void> {
    const viewport = page.viewportSize();
    const height = await page.evaluate<number>('document.documentElement.scrollHeight');
    if (viewport && height > viewport.height) {
      await page.setViewportSize({ width: viewport.width, height });
    }
    try {
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    } finally {
      if (viewport) await page.setViewportSize(viewport);
    }
  }

  /** Opens `url` and captures it. */
  async visit(page: Page, name: string, url: string): Promise<void> {
    await this.shoot(page, name, () => page.goto(url));
  }
}
