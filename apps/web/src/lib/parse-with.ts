import type * as Contracts from '@corridor/contracts/schemas';

/** A schema of the contracts, as far as checking an answer goes (every zod schema fits). */
interface Schema<T> {
  parse(data: unknown): T;
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type PickSchema<T> = (contracts: typeof Contracts) => Schema<T>;

// The contracts' schemas (and zod) load on the first answer that
// needs checking, so the first load of the app (the sign-in page) carries neither.
let contracts: Promise<typeof Contracts> | undefined;
const loadContracts = () =>
  (contracts ??= import('@corridor/contracts/schemas').catch((error: unknown) => {
    // A failed download is tried again by the next answer, not remembered.
    contracts = undefined;
    throw error;
  }));

/**
 * The schema `pick` names, built whole: in a browser the contracts build each schema at its first
 * use, and a first answer's schema is built a few milliseconds at a time (issue 31).
 */
async function built<T>(pick: PickSchema<T>): Promise<Schema<T>> {
  const loaded = await loadContracts();
  const schema = pick(loaded);
  await loaded.buildInSlices(schema);
  return schema;
}

/**
 * `data` checked against a schema of the contracts, e.g.
 * `parseWith((contracts) => contracts.customerSchema, data)`; throws when it does not fit.
 */
export async function parseWith<T>(pick: PickSchema<T>, data: unknown): Promise<T> {
  return (await built(pick)).parse(data);
}

/** Like `parseWith`, but undefined when `data` does not fit (events we may ignore). */
export async function safeParseWith<T>(pick: PickSchema<T>, data: unknown): Promise<T | undefined> {
  const result = (await built(pick)).safeParse(data);
  return result.success ? result.data : undefined;
}
