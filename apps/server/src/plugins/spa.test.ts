import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SECURITY_HEADER_NAMES, PAGE_SECURITY_HEADER_NAMES } from '../test/security-headers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A built SPA as apps/web/vite-precompress.ts leaves it: each text file with .br and .gz. */
function builtSpa(): { dir: string; script: string; html: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-spa-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `export const corridor = ${JSON.stringify('money home '.repeat(400))};\n`;
  const html = `<!doctype html><html lang="en"><head><title>Corridor</title></head><body><p class="boot-shell__status" role="status">Loading Corridor…</p>${'<!-- shell -->'.repeat(100)}</body></html>`;
  const files = { 'assets/app-abc123.js': script, 'index.html': html };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  }
  return { dir, script, html };
}

let spa: ReturnType<typeof builtSpa>;
let testApp: TestApp;

beforeAll(async () => {
  spa = builtSpa();
  testApp = await createTestApp({ env: { WEB_DIST_DIR: spa.dir } });
});
afterAll(async () => {
  await testApp.close();
  fs.rmSync(spa.dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  testApp.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

/** What every page says besides its preloads: the test config's APP_URL is loopback. */
const marketingMeta = '<meta name="corridor-marketing-site" content="http://127.0.0.1:8080/">';

describe('the built SPA, pre-compressed', () => {
  it('sends brotli to a browser that accepts it, with Vary, and the same bytes once decoded', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    const decoded = zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(decoded).toBe(spa.script);
    expect(response.rawPayload.length).toBeLessThan(spa.script.length / 10);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzipped = await get('/assets/app-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(spa.script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(spa.script);
  });

  it('compresses the HTML shell of every screen (the history fallback) too', async () => {
    for (const url of ['/', '/sign-up', '/reset-password/abc']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'), url).toBe(
        spa.html.replace('</head>', `${marketingMeta}\n  </head>`),
      );
    }
  });
});

describe('security headers (C36): a page gets the SPA’s, everything else the API’s', () => {
  it('gives the HTML pages helmet’s headers and the SPA’s CSP', async () => {
    for (const url of ['/', '/sign-up']) {
      const response = await get(url, 'br');
      for (const name of PAGE_SECURITY_HEADER_NAMES)
        expect(response.headers[name], name).toBeDefined();
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('lets nothing load from a script, a JSON answer or a missing file, and keeps them short', async () => {
    const answers = [
      await get('/assets/app-abc123.js', 'br'),
      await get('/healthz'),
      await get('/assets/missing-file.js'),
    ];
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      for (const name of API_SECURITY_HEADER_NAMES)
        expect(response.headers[name], name).toBeDefined();
      // The page-only headers say nothing about these answers (decision 18).
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });
});

describe("each route's page announces its screen's chunks", () => {
  let routed: TestApp;
  let dir: string;
  const table = [
    {
      path: '/',
      modules: ['/assets/sign-in-screen-a1.js'],
      styles: [],
      messages: { en: ['/assets/en-f6.js'], es: ['/assets/es-g7.js'] },
    },
    {
      path: '/reset-password/:token',
      modules: ['/assets/reset-password-screen-b2.js', '/assets/password-field-c3.js'],
      styles: [],
    },
    {
      path: '/dashboard',
      modules: ['/assets/dashboard-screen-d4.js'],
      styles: ['/assets/signed-in-layout-e5.css'],
    },
  ];

  beforeAll(async () => {
    dir = builtSpa().dir;
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'route-preloads.json'), JSON.stringify(table));
    routed = await createTestApp({ env: { WEB_DIST_DIR: dir } });
  });
  afterAll(async () => {
    await routed.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = (url: string, acceptEncoding = 'gzip, deflate, br') =>
    routed.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('links the route’s modules in the head and its styles after the boot shell, compressed, never cached', async () => {
    const response = await page('/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
    // Less urgent than the boot shell's first paint, which needs none of it (decision 28).
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/dashboard-screen-d4.js">',
    );
    // In the head, the styles held back the boot shell's first paint until they had arrived.
    const styles = html.indexOf(
      '<link rel="stylesheet" crossorigin href="/assets/signed-in-layout-e5.css">',
    );
    expect(styles).toBeGreaterThan(html.indexOf('<p class="boot-shell__status"'));
    expect(html.indexOf('<p class="boot-shell__status"')).toBeGreaterThan(0);
    expect(styles).toBeLessThan(html.indexOf('</body>'));
    expect(html).not.toContain('sign-in-screen');
  });

  it('matches parameters and a trailing slash, and sends gzip or plain HTML as accepted', async () => {
    const gzipped = await page('/reset-password/abc123/', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const html = zlib.gunzipSync(gzipped.rawPayload).toString('utf8');
    expect(html).toContain('/assets/reset-password-screen-b2.js');
    expect(html).toContain('/assets/password-field-c3.js');

    const plain = await page('/?redirect=%2Fdashboard', 'br;q=0, gzip;q=0');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('/assets/sign-in-screen-a1.js');
  });

  it('sends the plain page for a URL that is no route (the not-found screen)', async () => {
    const response = await page('/no/such/screen', 'br');
    expect(response.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(
      fs
        .readFileSync(path.join(dir, 'index.html'), 'utf8')
        .replace('</head>', `${marketingMeta}\n  </head>`),
    );
  });

  it('speaks the browser’s language: <html lang> and that language’s catalogues (decision 19)', async () => {
    const inLanguage = (acceptLanguage?: string) =>
      routed.app.inject({
        method: 'GET',
        url: '/',
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
    const spanish = await inLanguage('es-MX,es;q=0.9,en;q=0.8');
    expect(spanish.body).toContain('<html lang="es">');
    // The boot shell too, before any script has run.
    expect(spanish.body).toContain('role="status">Cargando Corridor…</p>');
    expect(spanish.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/es-g7.js">',
    );
    expect(spanish.body).not.toContain('/assets/en-f6.js');
    expect(String(spanish.headers.vary)).toMatch(/accept-language/i);

    for (const english of [
      await inLanguage('en-GB'),
      await inLanguage('de-DE'),
      await inLanguage(),
    ]) {
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('role="status">Loading Corridor…</p>');
      expect(english.body).toContain('/assets/en-f6.js');
      expect(english.body).not.toContain('/assets/es-g7.js');
    }
    // A preference order, not the header's order, decides.
    expect((await inLanguage('en;q=0.5, es;q=0.9')).body).toContain('<html lang="es">');
  });
});

describe('a route the build prerendered (apps/web/vite-prerender.ts)', () => {
  let prerendered: TestApp;
  let dir: string;
  const index = [
    '<!doctype html><html lang="en"><head><title>Corridor</title>',
    '<script type="module" crossorigin src="/assets/index-c3.js"></script>',
    '</head><body>',
    '<div id="root">',
    '<div class="boot-shell"><p class="boot-shell__status" role="status">Loading Corridor…</p>',
    '<noscript><p>Corridor needs JavaScript enabled to run.</p></noscript></div>',
    '</div>',
    '<link rel="stylesheet" crossorigin href="/assets/index-h8.css">',
    '</body></html>',
  ].join('\n');
  const markup = {
    en: '<main><h1>Sign in</h1></main>',
    es: '<main><h1>Iniciar sesión</h1></main>',
  };

  beforeAll(async () => {
    dir = builtSpa().dir;
    fs.writeFileSync(path.join(dir, 'index.html'), index);
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(
      path.join(dir, '.vite', 'route-preloads.json'),
      JSON.stringify([
        { path: '/', modules: ['/assets/sign-in-screen-a1.js'], styles: ['/assets/form-i9.css'] },
      ]),
    );
    fs.writeFileSync(
      path.join(dir, '.vite', 'prerendered.json'),
      JSON.stringify({
        script: '/assets/start-after-first-paint-d4.js',
        routes: [{ path: '/', markup }],
      }),
    );
    prerendered = await createTestApp({ env: { WEB_DIST_DIR: dir } });
  });
  afterAll(async () => {
    await prerendered.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string, acceptLanguage = 'en') =>
    (
      await prerendered.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': acceptLanguage },
      })
    ).body;

  it('sends the screen in the browser’s language in place of the boot shell, with every stylesheet in the head', async () => {
    const html = await page('/', 'es-MX,es;q=0.9');
    expect(html).toContain(`<div id="root" data-prerendered="es">${markup.es}</div>`);
    expect(html).not.toContain('boot-shell');
    // The screen is styled at its first paint: its stylesheets come before it.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-h8.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/form-i9.css">');
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
    // A browser without scripts is still told why nothing works; outside the hydrated root.
    expect(html.indexOf('<noscript>')).toBeLessThan(html.indexOf('<div id="root"'));

    expect(await page('/')).toContain(`<div id="root" data-prerendered="en">${markup.en}</div>`);
  });

  it('holds the app’s scripts and preloads back for after the first paint, and loads only the screen’s own script', async () => {
    const html = await page('/');
    const held = /<template id="after-first-paint">(.*?)<\/template>/.exec(html)?.[1];
    const loaded = html.replace(/<template[\s\S]*?<\/template>/, '');
    const scripts = [...loaded.matchAll(/<script[^>]*>/g)].map(([tag]) => tag);
    expect(scripts).toEqual([
      '<script type="module" crossorigin src="/assets/start-after-first-paint-d4.js">',
    ]);
    expect(loaded).not.toMatch(/<link rel="modulepreload"/);
    // Inert until start-after-first-paint.ts copies it into the head.
    expect(held).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/sign-in-screen-a1.js">',
        '<script type="module" crossorigin src="/assets/index-c3.js"></script>',
      ].join(''),
    );
    // The page without the screen loads the app at once, giving way to the shell's first paint.
    const withQuery = await page('/?referer=reset-password');
    expect(withQuery).toContain(
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-c3.js">',
    );
    expect(withQuery).not.toContain('after-first-paint');
  });

  it('issue 28: tells every page, the prerendered sign-in too, that sandboxes run, only when they run on a public URL by permission', async () => {
    const sandboxMeta = '<meta name="corridor-sandbox" content="on">';
    const allowed = await createTestApp({
      env: {
        WEB_DIST_DIR: dir,
        APP_URL: 'https://send.example.com',
        ALLOW_SANDBOX_PROVIDERS: 'true',
      },
      database: prerendered.database,
    });
    try {
      for (const [url, language] of [
        ['/', 'en'],
        ['/', 'es'],
        ['/?referer=reset-password', 'en'],
        ['/sign-up', 'es'],
        ['/no/such/screen', 'en'],
      ] as const) {
        const response = await allowed.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-language': language, 'accept-encoding': 'br' },
        });
        const html = zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
        expect(html.slice(0, html.indexOf('</head>')), url).toContain(sandboxMeta);
      }
      expect(await page('/')).toContain('data-prerendered');
    } finally {
      await allowed.close();
    }
    // On loopback (npm start, the e2e) the developer knows: the pages say nothing.
    for (const url of ['/', '/?referer=reset-password', '/sign-up']) {
      expect(await page(url), url).not.toContain('corridor-sandbox');
    }
  });

  it('sends the boot shell when the URL has a query, which may change the screen', async () => {
    const html = await page('/?referer=reset-password');
    expect(html).toContain('<div class="boot-shell">');
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('/assets/sign-in-screen-a1.js');
  });
});
