import type * as Contracts from '@corridor/contracts';

/** A schema of the contracts, as far as checking an answer goes (every zod schema fits). */
interface Schema<T> {
  parse(data: unknown): T;
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type PickSchema<T> = (contracts: typeof Contracts) => Schema<T>;

// The contracts' root module holds every zod schema (and zod); it loads on the first answer that
// needs checking, so the first load of the app (the sign-in page) carries neither.
let contracts: Promise<typeof Contracts> | undefined;
const loadContracts = () =>
  (contracts ??= import('@corridor/contracts').catch((error: unknown) => {
    // A failed download is tried again by the next answer, not remembered.
    contracts = undefined;
    throw error;
  }));

/**
 * `data` checked against a schema of the contracts, e.g.
 * `parseWith((contracts) => contracts.customerSchema, data)`; throws when it does not fit.
 */
export async function parseWith<T>(pick: PickSchema<T>, data: unknown): Promise<T> {
  return pick(await loadContracts()).parse(data);
}

/** Like `parseWith`, but undefined when `data` does not fit (events we may ignore). */
export async function safeParseWith<T>(pick: PickSchema<T>, data: unknown): Promise<T | undefined> {
  const result = pick(await loadContracts()).safeParse(data);
  return result.success ? result.data : undefined;
}
