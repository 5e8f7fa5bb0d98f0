import { apiPaths } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import { confirmedTransfer, runJobs, SETTLE_SECONDS, STEP_SECONDS, transferOf } from './flow-test-kit.ts';

const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });

function summary(label: string, sent: readonly string[]) {
  const mine = sent.filter((s) => !/ledger_|outbox_messages|scheduled_jobs|mail_outbox/.test(s));
  console.log(`== ${label}: all ${sent.length}, excluding ledger/outbox/jobs ${mine.length}`);
  for (const s of sent) console.log('   ', s.slice(0, 140));
}

describe('probe', () => {
  it('counts', async () => {
    const transfer = await confirmedTransfer(file, clock);
    const t = file.statements;
    let sent = await t.during(async () => {
      const r = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
      expect(r.statusCode).toBe(200);
    });
    summary("I've paid", sent);
    sent = await t.during(() => runJobs(file, clock, SETTLE_SECONDS * SECOND));
    summary('settle+clearance', sent);
    for (let i = 0; i < 6; i += 1) {
      sent = await t.during(() => runJobs(file, clock, STEP_SECONDS * SECOND));
      const state = (await transferOf(transfer.browser, transfer.transaction.id)).state.code;
      summary(`step ${i} -> ${state}`, sent);
    }
  });
});
