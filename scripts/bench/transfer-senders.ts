// The transfers bench's customers (issue 29), made directly in its fresh PostgreSQL database
// with the server's test kits before the server starts, as money-flow-sigkill.test.ts does:
// through HTTP, 20 senders and 2,000 quotes would take longer than the measurement itself.
// Sessions are rows, so their cookies sign the customers in to the real server afterwards.
import type { SavedQuote } from '@corridor/contracts';
import { seedReferenceData } from '../../apps/server/src/app/reference-data.ts';
import { openPostgres } from '../../apps/server/src/db/database.ts';
import {
  confirmBody,
  freshRate,
  indianRecipient,
  quoteTo,
  readySender,
} from '../../apps/server/src/modules/transfers/transfers-test-kit.ts';
import { QUOTES_SAVED_PER_CUSTOMER } from '../../apps/server/src/modules/quotes/quotes.service.ts';
import { TestClock } from '../../apps/server/src/test/clock.ts';
// Types only: the test kits' `inject` keys, which this script never calls (its database is given).
import type {} from '../../apps/server/src/test/global-setup.ts';
import { createTestApp } from '../../apps/server/src/test/test-app.ts';

/** One transfer to make: the sender's session and confirm's body for one saved quote. */
export interface PlannedTransfer {
  quoteId: string;
  cookie: string;
  xsrf: string;
  confirmBody: ReturnType<typeof confirmBody>;
}

/**
 * The least amount, in GBP: the amounts of one sender are this plus 0, 1, 2… so no two are the
 * same (confirm refuses a same-amount unpaid transfer to the same recipient within 10 minutes),
 * and 60 of them (about 2,900 GBP) stay far under the enhanced level's 50,000 GBP a day.
 */
const LEAST_AMOUNT = 20;
const SIGN_UPS_PER_APP = 20;
/** A customer saves at most this many quotes an hour (quotes.service.ts): 429 past it. */
const QUOTES_PER_SENDER = QUOTES_SAVED_PER_CUSTOMER.limit;

function planFor(quote: SavedQuote, cookies: Map<string, string>): PlannedTransfer {
  return {
    quoteId: quote.id,
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    xsrf: decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
    confirmBody: confirmBody(quote),
  };
}

/**
 * Migrates and seeds the database at `databaseUrl`, then makes `senders` customers of GB with an
 * ID, a proof of address and source of funds approved (the enhanced level), a recipient in India
 * each, and `transfers` saved quotes shared among them; answers what to confirm, sender by sender
 * interleaved, so the load's concurrent confirms come from many customers at once.
 */
export async function arrangeTransfers(
  databaseUrl: string,
  senders: number,
  transfers: number,
): Promise<PlannedTransfer[]> {
  const perSender = Math.ceil(transfers / senders);
  if (perSender > QUOTES_PER_SENDER)
    throw new Error(
      `${transfers} transfers from ${senders} senders is ${perSender} quotes each, more than the ` +
        `${QUOTES_PER_SENDER} a customer may save an hour: raise BENCH_TRANSFER_SENDERS`,
    );
  const database = await openPostgres(databaseUrl);
  const clock = new TestClock();
  const testApps: Awaited<ReturnType<typeof createTestApp>>[] = [];
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await freshRate(database.db, clock);
    const made = [];
    // One after another: readySender numbers each sender's mobile number after an await, so two
    // made side by side got the same number, and the second was refused (422).
    for (let sender = 0; sender < senders; sender += 1) {
      // A new app (its own limiter prefix) every SIGN_UPS_PER_APP senders: all sign up from
      // one address, and an address signs up 20 customers an hour (account.routes.ts).
      if (sender % SIGN_UPS_PER_APP === 0)
        testApps.push(await createTestApp({ database, clock, startJobs: false }));
      const app = testApps.at(-1)?.app;
      if (!app) throw new Error('no setup app');
      const { browser } = await readySender(app, database.db, clock, {
        documents: ['POI', 'POA', 'SOF'],
      });
      made.push({ browser, recipient: await indianRecipient(browser, database.db) });
    }
    // Their quotes side by side, each sender's in turn, so the database works beside Node.
    const bySender = await Promise.all(
      made.map(async ({ browser, recipient }) => {
        const planned: PlannedTransfer[] = [];
        for (let n = 0; n < perSender; n += 1) {
          const quote = await quoteTo(browser, recipient, String(LEAST_AMOUNT + n));
          planned.push(planFor(quote, browser.cookies));
        }
        return planned;
      }),
    );
    const interleaved: PlannedTransfer[] = [];
    for (let n = 0; n < perSender; n += 1) {
      for (const planned of bySender) {
        const transfer = planned[n];
        if (transfer) interleaved.push(transfer);
      }
    }
    return interleaved.slice(0, transfers);
  } finally {
    for (const testApp of testApps) await testApp.close();
    await database.close();
  }
}
