import crypto from 'node:crypto';
import { customerChannel } from '@corridor/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database.ts';
import { accounts } from '../../accounts/accounts.schema.ts';
import { customers } from '../../customers/customers.schema.ts';
import { customerDocuments, documentUploads } from '../documents.schema.ts';
import { outboxMessages } from '../../../outbox/outbox.schema.ts';
import type { JobHandler, Jobs } from '../../../jobs/index.ts';
import { cryptoRandom } from '../../../lib/random.ts';
import { createUnitOfWork } from '../../../lib/unit-of-work.ts';
import { createOutbox } from '../../../outbox/index.ts';
import { TestClock } from '../../../test/clock.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import { silentJobsLog, stopJobs, testJobs } from '../../../test/test-jobs.ts';
import { createRealtimeEvents } from '../../realtime/index.ts';
import { createDocumentEvents } from '../document-events.ts';
import { createDocumentsRepository } from '../documents.repository.ts';
import { createDocumentReview, createSandboxReviewer, reviewDocumentJob } from './index.ts';

/**
 * A review that cannot read the files (storage unreachable) fails and is retried; the last
 * retry hands the document to an operator instead of leaving it `processing` for good. The
 * review is built on a real database with a storage that is down (the app's storage works).
 */
let database: DatabaseHandle;
const running: Jobs[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await stopJobs(running);
  await database.close();
});

/** A customer with one passport handed in, written as the intake writes them. */
async function passportHandedIn(now: Date): Promise<{ customerId: string; documentId: string }> {
  const { db } = database;
  const [customer] = await db
    .insert(customers)
    .values({ crn: `T${crypto.randomInt(100_000_000, 999_999_999)}`, name: 'Ada' })
    .returning({ id: customers.id });
  if (!customer) throw new Error('no customer');
  const stamps = { created_at: now, updated_at: now };
  await db.insert(accounts).values({
    customer_id: customer.id,
    email: 'handover@example.com',
    email_normalized: 'handover@example.com',
    password_hash: 'not a hash',
    ...stamps,
  });
  const documentId = crypto.randomUUID();
  await db.insert(customerDocuments).values({
    id: documentId,
    customer_id: customer.id,
    category_code: 'POI',
    type_code: 'PASSPORT',
    status: 'pending-verification',
    ...stamps,
  });
  await db.insert(documentUploads).values({
    object_key: `documents/${customer.id}/${crypto.randomUUID()}.jpg`,
    id: crypto.randomUUID(),
    customer_id: customer.id,
    category_code: 'POI',
    type_code: 'PASSPORT',
    file_name: 'passport.jpg',
    declared_type: 'image/jpeg',
    created_at: now,
    expires_at: now,
    document_id: documentId,
    page_number: 1,
    size_bytes: 1000,
    sniffed_type: 'image/jpeg',
    width: 1200,
    height: 800,
  });
  return { customerId: customer.id, documentId };
}

describe('a review that keeps failing', () => {
  it('is retried, then handed to an operator with its events', async () => {
    const clock = new TestClock();
    const { db } = database;
    const jobs = testJobs(database, clock, running);
    const outbox = createOutbox({ db, jobs, clock, random: cryptoRandom, log: silentJobsLog });
    const repository = createDocumentsRepository();
    const customers = { localeOf: async () => 'en' as const, profileChanged: () => {} };
    const unreachable = async (): Promise<never> => {
      throw new Error('storage unreachable');
    };
    const review = createDocumentReview({
      db,
      uow: createUnitOfWork(db, async () => {}),
      clock,
      log: silentJobsLog,
      jobs,
      outbox,
      documentEvents: createDocumentEvents({
        events: createRealtimeEvents(outbox, { customer: customerChannel }),
        outbox,
        repository,
        customers,
      }),
      documents: repository,
      customers: {
        ...customers,
        view: unreachable,
        // The customers module's reads and write, as the customer was written above.
        reviewedCustomerOf: async () => ({
          email: 'handover@example.com',
          locale: 'en' as const,
          profile: { name: 'Ada', secondName: null, thirdName: null, birthDate: null },
        }),
        emailsOf: async () => new Map(),
        saveAttributes: async () => {},
      },
      storage: { stat: unreachable, read: unreachable },
      appKey: crypto.randomBytes(32),
      config: { appUrl: 'http://127.0.0.1:8080', delaySeconds: 0, sandboxNotice: false },
      reviewer: createSandboxReviewer({ clock }),
    });
    let handler: JobHandler<{ document_id: string }> | undefined;
    let retryLimit = 0;
    review.jobs({
      register: (job, registered, options) => {
        expect(job.name).toBe(reviewDocumentJob.name);
        handler = registered as unknown as JobHandler<{ document_id: string }>;
        retryLimit = options?.retryLimit ?? 0;
      },
    });
    if (!handler) throw new Error('the review job was not registered');
    const { customerId, documentId } = await passportHandedIn(clock.now());
    const statusOf = async () =>
      (await db.select().from(customerDocuments).where(eq(customerDocuments.id, documentId)))[0]
        ?.status;

    const attempt = (retryCount: number) =>
      handler?.(
        { document_id: documentId },
        { id: 'job', name: reviewDocumentJob.name, retryCount },
      );
    await expect(attempt(0)).rejects.toThrow('storage unreachable');
    expect(await statusOf()).toBe('processing');
    await expect(attempt(retryLimit - 1)).rejects.toThrow('storage unreachable');
    await attempt(retryLimit);
    expect(await statusOf()).toBe('review-required');

    const events = await db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      // The realtime events (a POI's change also tells held transfers, identity-proof.ts).
      .where(and(eq(outboxMessages.aggregate_id, customerId), eq(outboxMessages.kind, 'realtime')))
      .orderBy(outboxMessages.sequence);
    expect(
      events
        .map(({ payload }) => payload as { event: string; data: { status_code?: string } })
        .filter((event) => event.event !== 'CustomerProfileUpdated')
        .map((event) => [event.event, event.data.status_code]),
    ).toEqual([
      ['CustomerDocumentProcessing', 'processing'],
      ['CustomerDocumentProcessing', 'review-required'],
    ]);
  });
});
