import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PAGE_ANSWERS_ELEMENT_ID, type Locale, type PageAnswers } from '@corridor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How long a page waits for its answers. An answer that takes longer is left out (the app asks
 * for it itself, showing the boot shell meanwhile): the page is never held back for long.
 */
export const PAGE_ANSWERS_WAIT_MS = 1000;

/** When a page stops waiting for its answers; `cancel` frees what keeps the time. */
export interface Deadline {
  passed: Promise<void>;
  cancel(): void;
}

/** The deadline `ms` from now. */
export function deadlineIn(ms: number): Deadline {
  let timer: NodeJS.Timeout | undefined;
  const passed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { passed, cancel: () => clearTimeout(timer) };
}

/**
 * A route parameter put in an answer's path: every id the API takes in a path is a UUID, so
 * anything else would only be refused (a 400), and is never put in a request the server makes.
 */
const WELL_FORMED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The paths to answer on a page whose URL gave the route's `params`: each of the route's
 * `answers` with its `:name` segments filled in. One whose parameter is missing or not a
 * well-formed id is left out (the app asks for it, and shows what the API says of it).
 */
export function answerPathsAt(
  answers: readonly string[],
  params: Readonly<Record<string, string | undefined>>,
): string[] {
  return answers.flatMap((answer) => {
    let wellFormed = true;
    const filled = answer
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment;
        const value = params[segment.slice(1)];
        if (value === undefined || !WELL_FORMED_ID.test(value)) wellFormed = false;
        return value;
      })
      .join('/');
    return wellFormed ? [filled] : [];
  });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The answers to `paths` as this browser's own GETs would get them: the same cookies, address
 * and user agent, in the page's language. Only answers of 200 are kept. The first path is asked
 * alone, and the others only once it answered: a cookie that is no session (every path answers
 * 401) costs one request, not one per path, nor does a session owing its second factor cost
 * more. What fails or comes after the `deadline` (PAGE_ANSWERS_WAIT_MS) is left out: the app
 * asks for it itself.
 */
export async function answersFor(
  app: FastifyInstance,
  request: FastifyRequest,
  paths: readonly string[],
  locale: Locale,
  deadline: Deadline = deadlineIn(PAGE_ANSWERS_WAIT_MS),
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': locale,
    cookie: request.headers.cookie ?? '',
  };
  const userAgent = request.headers['user-agent'];
  if (userAgent !== undefined) headers['user-agent'] = userAgent;
  const late = deadline.passed.then(() => undefined);
  /** The JSON body of a 200 to GET `path`, or undefined: another status, a failure, too late. */
  const ask = (path: string): Promise<unknown> =>
    Promise.race([
      app
        .inject({ method: 'GET', url: path, headers, remoteAddress: request.ip })
        .then((response) => {
          const json = String(response.headers['content-type']).startsWith('application/json');
          return response.statusCode === 200 && json ? (response.json() as unknown) : undefined;
        })
        .catch((error: unknown) => {
          request.log.warn({ err: error, path }, 'a page answer failed; the app will ask');
          return undefined;
        }),
      late,
    ]);
  try {
    const [first, ...rest] = paths;
    if (first === undefined) return {};
    const firstAnswer = await ask(first);
    if (firstAnswer === undefined) return {};
    const others = await Promise.all(rest.map(async (path) => [path, await ask(path)] as const));
    return Object.fromEntries([
      [first, firstAnswer],
      ...others.filter(([, answer]) => answer !== undefined),
    ]);
  } finally {
    deadline.cancel();
  }
}

/** JSON that cannot end the element it sits in, nor open another (`</script>`, `<!--`). */
function inertJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/**
 * `html` with `answers` in the element the app reads them from, at the end of the body: a data
 * block, which no browser runs and the page's CSP has nothing to say about.
 */
export function withAnswers(html: string, answers: PageAnswers): string {
  const block = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${inertJson(answers)}</script>`;
  if (!/<\/body>/.test(html)) throw new Error('the page has no </body> to put its answers in');
  return html.replace(
    /([ \t]*)<\/body>/,
    (_match, indent: string) => `${indent}  ${block}\n${indent}</body>`,
  );
}

/**
 * A page made for one request, compressed now, off the event loop: brotli at quality 5 takes
 * under a millisecond for the dashboard's 35 KB (7.7 KB out, where quality 11 takes 40 ms for
 * 6.8 KB); the static pages are compressed once, at 11.
 */
export async function encodeOnce(
  html: string,
  encoding: 'br' | 'gzip' | 'identity',
): Promise<Buffer> {
  const bytes = Buffer.from(html);
  if (encoding === 'br') {
    return brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  if (encoding === 'gzip') return gzip(bytes, { level: 6 });
  return bytes;
}
