// The transfers bench's steady state (issue 29, docs/decisions/0064-transfers-measured-in-steady-state.md):
// at most a window of transfers in flight from confirm to PAYOUT-SUCCESS, so the load follows
// what the server pays out, and the rate counted only while that window is full.
import pg from 'pg';

const POLL_MS = 200;

/**
 * Lets a transfer start only while fewer than `limit` are in flight (started and not yet paid
 * out, as the database says, read every 200 ms). Past the first time it holds one back, the
 * bench is in its steady state: what starts is what the pipeline let out.
 */
export async function inFlightGate(databaseUrl: string, limit: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let started = 0;
  let paidOut = 0;
  let filledAt: number | undefined;
  let closed = false;
  const waiting: (() => void)[] = [];
  const release = () => {
    while (waiting.length > 0 && started - paidOut < limit) {
      started += 1;
      waiting.shift()?.();
    }
  };
  const polling = (async () => {
    while (!closed) {
      const { rows } = await client.query<{ count: string }>(
        `select count(*) as count from transactions where state = 'PAYOUT-SUCCESS'`,
      );
      paidOut = Number(rows[0]?.count ?? 0);
      release();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return {
    /** Resolves when the transfer may start. */
    async enter(): Promise<void> {
      if (waiting.length === 0 && started - paidOut < limit) {
        started += 1;
        return;
      }
      filledAt ??= Date.now();
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    /** A transfer that failed to start (refused confirm): it will never be paid out. */
    abandon(): void {
      started -= 1;
      release();
    },
    /** When the window first held a transfer back (epoch ms), if it did. */
    filledAt: () => filledAt,
    async close(): Promise<void> {
      closed = true;
      await polling;
      await client.end();
    },
  };
}

export type InFlightGate = Awaited<ReturnType<typeof inFlightGate>>;

/** Below this, a steady window is too short to stand for a rate. */
export const STEADY_MIN_SECONDS = 10;

/**
 * Transfers paid out per second between `from` and `to` (epoch ms), from the timeline: the
 * steady state's rate when the window was full all along and new transfers kept arriving.
 */
export async function payoutsBetween(
  databaseUrl: string,
  from: number,
  to: number,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) as count from transaction_states
        where state = 'PAYOUT-SUCCESS' and at >= $1 and at < $2`,
      [new Date(from), new Date(to)],
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}
