// What a page's first load transfers, as Chromium at a phone viewport with an empty cache sees it.
import { chromium, type BrowserContext, type Request } from 'playwright-core';
import { chromiumArgs } from '../chromium.mjs';

/** One response of the load: what the wire carried for it. */
export interface LoadedResource {
  /** The path, with the content hash taken out of asset names (`/assets/index.js`). */
  name: string;
  kind: string;
  /** The body as transferred (compressed when the server compressed it). */
  bodyBytes: number;
  headerBytes: number;
  encoding: string;
}

export interface PageWeight {
  page: string;
  resources: LoadedResource[];
}

/** The kinds that make the page itself: what the byte budget counts. */
export const PAGE_KINDS = new Set(['document', 'script', 'stylesheet', 'font', 'image']);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * `/assets/sign-in-screen-B0Bn1QI-.js` → `/assets/sign-in-screen.js`, and a page's id
 * (`/pay/2adac020-…`) → `/pay/{id}`, so runs and builds compare.
 */
export function withoutContentHash(pathname: string): string {
  return pathname.replace(/-[\w-]{8}(\.\w+)$/, '$1').replace(UUID, '{id}');
}

/**
 * What the budget counts: the page's bodies as transferred (compressed), as the issue measured
 * them. Response headers ride along on every request and are reported beside it.
 */
export const pageBytes = (weight: PageWeight, part: 'body' | 'headers' = 'body') =>
  weight.resources
    .filter((r) => PAGE_KINDS.has(r.kind))
    .reduce((sum, r) => sum + (part === 'body' ? r.bodyBytes : r.headerBytes), 0);

const PHONE = { width: 390, height: 844 };

/**
 * Loads `url` in a fresh context (nothing cached), waits until the screen shows `readyText` and
 * the network is idle, and returns every response with its transferred size.
 */
async function loadPage(context: BrowserContext, url: string, readyText: string) {
  const page = await context.newPage();
  const pending: Promise<LoadedResource>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const headers = (await response?.allHeaders()) ?? {};
        return {
          name: withoutContentHash(new URL(request.url()).pathname),
          kind: request.resourceType(),
          bodyBytes: sizes.responseBodySize,
          headerBytes: sizes.responseHeadersSize,
          encoding: headers['content-encoding'] ?? 'none',
        };
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(url, { waitUntil: 'load' });
  await page.getByText(readyText, { exact: false }).first().waitFor();
  await page.waitForLoadState('networkidle');
  // What finishes from now on is no part of the first load, and would be read from a closed page
  // (a busy machine's runs stopped on it).
  page.off('requestfinished', onFinished);
  const resources = await Promise.all(pending);
  await page.close();
  return resources.sort((a, b) => b.bodyBytes - a.bodyBytes);
}

export interface PageToWeigh {
  page: string;
  url: string;
  /** Text the screen shows once rendered. */
  readyText: string;
  /** Cookies of a signed-in customer, for signed-in screens. */
  cookies?: { name: string; value: string }[];
}

/** Weighs each page in its own fresh context of one Chromium. */
export async function weighPages(
  executablePath: string,
  origin: string,
  pages: PageToWeigh[],
): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const weights: PageWeight[] = [];
    for (const target of pages) {
      const context = await browser.newContext({
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 3,
      });
      if (target.cookies) {
        await context.addCookies(target.cookies.map((c) => ({ ...c, url: origin })));
      }
      weights.push({
        page: target.page,
        resources: await loadPage(context, `${origin}${target.url}`, target.readyText),
      });
      await context.close();
    }
    return weights;
  } finally {
    await browser.close();
  }
}
