// First: zod's settings must hold before any schema is made.
import './zod-config.ts';

/**
 * In a browser, each schema of the contracts is built at its first use, not when its module is
 * evaluated (issue 31). Built at import, every schema of every screen was made when the web's
 * first signed-in chunk ran: 60–100 ms of the dashboard's main thread, its longest task, where
 * its first answers need three schemas (the customer, the tasks, the quote) and what they hold.
 * docs/performance.md has the figures.
 *
 * The server and the tests in Node build every schema at import, as before: the same definition,
 * `build` called at once, so the server's routes, their JSON schemas and its start-up are
 * unchanged. In a browser the value is a stand-in for the schema `build` makes: every property
 * read, call of a method, `in` and `instanceof` reaches that schema, built on the first one. A
 * schema built from others (`z.object({ country: countrySchema })`, `countrySchema.extend(…)`)
 * builds them when it is built itself, or at its first parse.
 */
const BUILT_AT_FIRST_USE = 'document' in globalThis;

export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  if (!BUILT_AT_FIRST_USE) return build();
  let built: Schema | undefined;
  const schema = (): Schema => (built ??= build());
  return new Proxy({} as Schema, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // Configurable, as the stand-in itself has none of the schema's own properties (a proxy may
    // not call a property it lacks non-configurable).
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}

/** Longest run of schema building between two yields to the host (a browser's other tasks). */
const BUILD_SLICE_MS = 4;

/** Schemas built whole by `buildInSlices`, with every schema they hold. */
const builtWhole = new WeakSet<object>();

/**
 * What a zod schema's definition may hold a schema in: an object's fields (`shape`), a union's
 * options, a tuple's items, and the rest (an array's element, an optional's inner type, a pipe's
 * ends…). Objects only: whether each is a schema is asked when its turn comes, as asking builds it.
 */
function heldCandidates(schema: object): object[] {
  const definition = (schema as { _zod: { def?: Record<string, unknown> } })._zod.def ?? {};
  const held: object[] = [];
  for (const [key, value] of Object.entries(definition)) {
    if (key === 'checks' || typeof value !== 'object' || value === null) continue;
    const values: unknown[] = Array.isArray(value)
      ? value
      : key === 'shape'
        ? Object.values(value)
        : [value];
    for (const item of values) if (typeof item === 'object' && item !== null) held.push(item);
  }
  return held;
}

/** Resolves in a task of its own (`scheduler.yield()` where there is one, else a message). */
function yieldToHost(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    // As a browser's port: Node's types name it an event emitter, its ports take `onmessage` too.
    const port = channel.port1 as unknown as { onmessage: (() => void) | null; close(): void };
    port.onmessage = () => {
      port.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Builds `schema` and every schema it holds a few milliseconds at a time, yielding to the host in
 * between, then once more before the caller's first parse (which runs code no parse has run yet).
 * A browser's first answers would otherwise build all they hold in one parse: the customer's alone
 * was a task of 15–25 ms at full speed, 60–100 ms on Lighthouse's phone (issue 31). At once for a
 * schema built whole already.
 */
export async function buildInSlices(schema: object): Promise<void> {
  if (builtWhole.has(schema)) return;
  // Each first answer's building starts a task of its own: a screen's answers arrive together.
  await yieldToHost();
  const seen = new WeakSet<object>();
  const pending = [schema];
  let sliceStart = performance.now();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    // Asking whether it is a schema builds it, when it is a stand-in not yet built.
    if (seen.has(next) || !('_zod' in next)) continue;
    seen.add(next);
    pending.push(...heldCandidates(next));
    if (performance.now() - sliceStart >= BUILD_SLICE_MS) {
      await yieldToHost();
      sliceStart = performance.now();
    }
  }
  builtWhole.add(schema);
  await yieldToHost();
}
