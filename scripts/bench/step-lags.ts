// The transfers bench's per-step lags (issue 29): where a transfer's time goes between confirm
// and PAYOUT-SUCCESS, read after the run from the timeline and pg-boss's job rows (which keep
// their times after completion). Each step's job: when pg-boss got it (created_on: the insert's
// transaction, for a job moved from scheduled_jobs the tick's), when a worker fetched it
// (started_on), when pg-boss recorded it done (completed_on), and when the state it made entered
// the timeline. All from one machine's clock (the server's and PostgreSQL's).
import pg from 'pg';

/** p50 and p90 of a set of durations, in ms. */
export interface Spread {
  count: number;
  p50: number;
  p90: number;
}

export interface StepLag {
  step: string;
  /** From the state before to the state after (the timeline). */
  total: Spread;
  /** From the state before until pg-boss held the job (the wait for the due time included). */
  toQueue: Spread;
  /** From pg-boss holding the job until a worker fetched it. */
  toFetch: Spread;
  /** From the fetch until the state after entered the timeline. */
  toState: Spread;
  /** From the fetch until pg-boss recorded the job completed. */
  toCompleted: Spread;
}

const spread = (values: number[]): Spread => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p90: at(0.9) };
};

/**
 * Each step after "I've paid": the job that makes it (its kind and, for the advance, the state
 * it moves on from; polls in their order a transfer) and the states either side.
 */
const STEPS = [
  // The settlement decides after clearance in its own transaction (decision 71): it takes the
  // transfer through PAYMENT-CLEARED to CONVERTING-FOREX.
  {
    step: 'settle → CONVERTING-FOREX',
    job: 'transfers.settle-bank-transfer',
    from: 'PENDING-PAYMENT',
    to: 'CONVERTING-FOREX',
  },
  {
    step: 'advance CONVERTING-FOREX',
    job: 'transfers.advance-converted',
    jobFrom: 'CONVERTING-FOREX',
    from: 'CONVERTING-FOREX',
    to: 'AVAILABLE-FOR-PAYOUT',
  },
  {
    step: 'advance AVAILABLE-FOR-PAYOUT',
    job: 'transfers.advance-hand-over',
    jobFrom: 'AVAILABLE-FOR-PAYOUT',
    from: 'AVAILABLE-FOR-PAYOUT',
    to: 'SENDING-FOR-PAYOUT',
  },
  { step: 'hand-over', job: 'transfers.submit-payout', from: 'SENDING-FOR-PAYOUT', to: null },
  // The first poll is due at the partner's first step (its receipt's `checkAgainAt`), so it finds
  // the payout sent, or further on when it waited long for a fetch; a third is one the partner
  // answered too early for.
  {
    step: 'poll 1 → SENT',
    job: 'transfers.poll-payout',
    poll: 1,
    from: 'SENDING-FOR-PAYOUT',
    to: 'SENT-FOR-PAYOUT',
  },
  {
    step: 'poll 2 → SUCCESS',
    job: 'transfers.poll-payout',
    poll: 2,
    from: 'SENT-FOR-PAYOUT',
    to: 'PAYOUT-SUCCESS',
  },
  {
    step: 'poll 3',
    job: 'transfers.poll-payout',
    poll: 3,
    from: 'SENT-FOR-PAYOUT',
    to: 'PAYOUT-SUCCESS',
  },
] as const;

interface Row {
  transaction_id: string;
  created: number;
  started: number | null;
  completed: number | null;
  from_at: number | null;
  to_at: number | null;
}

/** The lags of every step, from the bench's database after its run. */
export async function stepLags(databaseUrl: string): Promise<StepLag[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const lags: StepLag[] = [];
    for (const step of STEPS) {
      // The job's transfer: the settlement names its payment, the others their transfer. A
      // bundle's items (decision 69, `bundled_items`) each count as a job, with the bundle's times.
      const transfer =
        step.job === 'transfers.settle-bank-transfer'
          ? `(select p.transaction_id from payments p where p.id = (i.data->>'payment_id')::uuid)`
          : `(i.data->>'transaction_id')::uuid`;
      const which = 'jobFrom' in step ? `and i.data->>'from' = '${step.jobFrom}'` : '';
      const { rows } = await client.query<Row>(
        `with jobs as (
           select ${transfer} as transaction_id, j.created_on, j.started_on, j.completed_on,
                  row_number() over (partition by i.data->>'transaction_id' order by j.created_on) as n
             from pgboss.job j
             cross join lateral jsonb_array_elements(
               case when jsonb_typeof(j.data->'bundled_items') = 'array'
                    then j.data->'bundled_items' else jsonb_build_array(j.data) end) as i(data)
            where j.name = $1 ${which})
         select jobs.transaction_id,
                extract(epoch from jobs.created_on) * 1000 as created,
                extract(epoch from jobs.started_on) * 1000 as started,
                extract(epoch from jobs.completed_on) * 1000 as completed,
                (select extract(epoch from min(s.at)) * 1000 from transaction_states s
                  where s.transaction_id = jobs.transaction_id and s.state = $2) as from_at,
                (select extract(epoch from min(s.at)) * 1000 from transaction_states s
                  where s.transaction_id = jobs.transaction_id and s.state = $3) as to_at
           from jobs where $4::int is null or jobs.n = $4::int`,
        [step.job, step.from, step.to ?? '', 'poll' in step ? step.poll : null],
      );
      const num = (value: number | string | null) => (value === null ? NaN : Number(value));
      lags.push({
        step: `${step.step}`,
        total: spread(rows.map((row) => num(row.to_at) - num(row.from_at))),
        toQueue: spread(rows.map((row) => num(row.created) - num(row.from_at))),
        toFetch: spread(rows.map((row) => num(row.started) - num(row.created))),
        toState: spread(rows.map((row) => num(row.to_at) - num(row.started))),
        toCompleted: spread(rows.map((row) => num(row.completed) - num(row.started))),
      });
    }
    return lags;
  } finally {
    await client.end();
  }
}

/** The lags as lines: p50 (p90) in ms of each part of each step. */
export function printStepLags(lags: readonly StepLag[]): void {
  const show = (value: Spread) =>
    value.count === 0 || Number.isNaN(value.p50)
      ? '—'
      : `${value.p50.toFixed(0)} (${value.p90.toFixed(0)})`;
  console.log(
    '  each step, p50 (p90) ms: state before → state after = before → in pg-boss → fetched → state after; fetched → completed',
  );
  for (const lag of lags) {
    console.log(
      `    ${lag.step.padEnd(30)} ${show(lag.total).padStart(12)} = ${show(lag.toQueue).padStart(12)} → ${show(lag.toFetch).padStart(12)} → ${show(lag.toState).padStart(12)}; ${show(lag.toCompleted)}  (${lag.toFetch.count} jobs)`,
    );
  }
}
