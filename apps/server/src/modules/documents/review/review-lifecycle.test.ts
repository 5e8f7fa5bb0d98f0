import { apiPaths, customerChannel, customerSchema, realtimeEvents } from '@corridor/contracts';
import type Pusher from 'pusher-js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customerDocuments } from '../documents.schema.ts';
import { waitForMail } from '../../../test/mailbox.ts';
import {
  authorizeAs,
  connectPusher,
  disconnectAll,
  listenOnLoopback,
  nextEvent,
  pusherEnv,
  pusherOptions,
  subscribed,
} from '../../../test/realtime-client.ts';
import { forget, realtimeEventsOf } from '../documents-test-kit.ts';
import { reviewDocumentJob } from './index.ts';
import { idPhoto, reviewTestFile, statementPdf } from './review-test-kit.ts';

/**
 * The review lifecycle through the real app (docs/product/identity-documents.md#review, docs/sandbox-providers.md#identity-review): a document handed in through the
 * API waits the configured delay on the test clock, then the job moves it processing → its
 * outcome, each step committed with its events (the outbox) and, for a decision, an email.
 */
const credentials = {
  appId: 'review-events',
  key: 'review-key-0001',
  secret: 'review-secret-0123456789',
};
const file = reviewTestFile(161, { env: pusherEnv(credentials) });
const clients: Pusher[] = [];
let port = 0;
beforeAll(async () => {
  port = await listenOnLoopback(file.app);
});
afterEach(() => disconnectAll(clients));

describe('the review job', () => {
  it('approves a passport after the delay: processing, then approved, with its events and email', async () => {
    const { browser, customer, email } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [idPhoto('passport.jpg')]);

    // Not before the delay: nothing is due on the test clock yet.
    expect(await file.app.jobs.tick()).toBe(0);
    expect((await file.documentOf(browser, documentId)).document.status_code).toBe(
      'pending-verification',
    );

    await file.reviewsRun();
    const { profile, document } = await file.documentOf(browser, documentId);
    expect(document.status_code).toBe('approved');
    expect(document.status_title).toBe('Verified');
    expect(document.reviewed_at).not.toBeNull();
    expect(document.rejection_reason).toBeNull();
    // The sandbox read the profile's own details from a file name without any: they match.
    expect(profile.poi_name_check).toBe(true);
    expect(profile.pending_documents.map((category) => category.code)).not.toContain('POI');

    expect(await file.documentEvents(customer.id, documentId)).toEqual([
      ['CustomerDocumentUploaded', 'pending-verification'],
      ['CustomerDocumentProcessing', 'processing'],
      ['CustomerDocumentApproved', 'approved'],
    ]);
    const row = await file.rowOf(documentId);
    expect(row).toMatchObject({
      reviewed_by: 'sandbox',
      poi_name: 'Ada',
      poi_second_name: null,
      poi_third_name: 'Lovelace',
      poi_birth_date: '1990-12-10',
    });

    const mail = await waitForMail(file.app, email, /Your document for Corridor was approved/);
    expect(mail.text).toContain('We checked your passport and approved it.');
    expect(mail.text).toContain('/account-verification');
  });

  it('sends CustomerProfileUpdated with every step, after each document event', async () => {
    const { browser, customer } = await file.customer();
    const documentId = await file.submit(browser, 'POA', 'BANK_STATEMENT', [
      statementPdf('statement.pdf'),
    ]);
    await file.reviewsRun();
    const events = (await realtimeEventsOf(file.testApp, customer.id)).map((event) => event.event);
    const fromUpload = events.slice(events.indexOf('CustomerDocumentUploaded'));
    expect(fromUpload).toEqual([
      'CustomerDocumentUploaded',
      'CustomerProfileUpdated',
      'CustomerDocumentProcessing',
      'CustomerProfileUpdated',
      'CustomerDocumentApproved',
      'CustomerProfileUpdated',
    ]);
    expect((await file.documentOf(browser, documentId)).document.status_code).toBe('approved');
    // A proof of address records nothing of a person.
    expect(await file.rowOf(documentId)).toMatchObject({ poi_name: null, poi_birth_date: null });
  });

  it('leaves a "review" file to an operator: review-required, still being checked, no email', async () => {
    const { browser, customer, email } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [
      idPhoto('passport-review.jpg'),
    ]);
    await file.reviewsRun();
    const { profile, document } = await file.documentOf(browser, documentId);
    expect(document.status_code).toBe('review-required');
    expect(document.reviewed_at).toBeNull();
    // Being checked: the category is not owed again meanwhile.
    expect(profile.pending_documents.map((category) => category.code)).not.toContain('POI');
    expect(await file.documentEvents(customer.id, documentId)).toEqual([
      ['CustomerDocumentUploaded', 'pending-verification'],
      ['CustomerDocumentProcessing', 'processing'],
      ['CustomerDocumentProcessing', 'review-required'],
    ]);
    expect(await file.rowOf(documentId)).toMatchObject({ reviewed_by: null, reviewed_at: null });
    expect((await file.mailsTo(email)).filter((mail) => /document/i.test(mail.subject))).toEqual(
      [],
    );
  });

  it('rejects with the reason: the event carries it, the category is owed again, the email says what to do', async () => {
    const { browser, customer, email } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [
      idPhoto('my-passport-reject-blurry.jpg'),
    ]);
    await file.reviewsRun();
    const reason =
      'The photo is blurred. Take a new photo in good light, holding the camera steady, so every word can be read.';
    const { profile, document } = await file.documentOf(browser, documentId);
    expect(document.status_code).toBe('rejected');
    expect(document.rejection_reason).toBe(reason);
    expect(profile.pending_documents.map((category) => category.code)).toContain('POI');
    expect(profile.poi_name_check).toBeNull();

    const rejected = (await realtimeEventsOf(file.testApp, customer.id)).find(
      (event) => event.event === 'CustomerDocumentRejected',
    );
    expect(rejected?.data).toMatchObject({
      document_id: documentId,
      category_code: 'POI',
      category: 'Proof of identity',
      type: 'Passport',
      status_code: 'rejected',
      rejection_reason: reason,
    });
    const mail = await waitForMail(file.app, email, /We could not accept your document/);
    expect(mail.text).toContain('We checked your passport and could not accept it.');
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(mail.text).toContain('Upload again');
    expect(mail.text).toMatch(/\/account-verification\/upload\/[0-9a-f-]{36}/);
  });

  it('writes the events, the reason and the email in the customer’s language', async () => {
    const { browser, customer, email } = await file.customer('es');
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [
      idPhoto('passport-reject-expired.jpg'),
    ]);
    await file.reviewsRun();
    const rejected = (await realtimeEventsOf(file.testApp, customer.id)).find(
      (event) => event.event === 'CustomerDocumentRejected',
    );
    expect(rejected?.data).toMatchObject({
      category: 'Prueba de identidad',
      type: 'Pasaporte',
      rejection_reason: 'El documento ha caducado. Sube un documento que siga en vigor.',
    });
    const mail = await waitForMail(file.app, email, /No hemos podido aceptar tu documento/);
    expect(mail.text).toContain('Hemos revisado tu pasaporte y no podemos aceptar este documento.');
    expect(mail.text).toContain('Motivo: El documento ha caducado.');
    // The stored reason stays English; the API answers in the request's language.
    expect((await file.rowOf(documentId)).rejection_reason).toBe(
      'The document has expired. Upload a document that is still valid.',
    );
    const inSpanish = customerSchema.parse(
      (
        await file.app.inject({
          method: 'GET',
          url: apiPaths.profile,
          headers: { cookie: browser.cookieHeader, 'accept-language': 'es' },
        })
      ).json(),
    );
    expect(inSpanish.documents[0]?.rejection_reason).toBe(
      'El documento ha caducado. Sube un documento que siga en vigor.',
    );
  });
});

describe('live', () => {
  it('reaches the customer’s open page: processing, then approved, with the titles', async () => {
    const { browser, customer } = await file.customer();
    const client = await connectPusher(
      credentials.key,
      pusherOptions(port, { channelAuthorization: { customHandler: authorizeAs(browser) } }),
      clients,
    );
    const channel = await subscribed(client, customerChannel(customer.id));
    const processing = nextEvent(channel, realtimeEvents.customerDocumentProcessing);
    const approved = nextEvent(channel, realtimeEvents.customerDocumentApproved);
    const documentId = await file.submit(browser, 'POI', 'DRIVERS_LICENSE', [
      idPhoto('front.jpg'),
      idPhoto('back.jpg'),
    ]);
    await file.reviewsRun();
    expect(await processing).toMatchObject({ document_id: documentId, status_code: 'processing' });
    expect(await approved).toEqual({
      customer_id: customer.id,
      document_id: documentId,
      category_code: 'POI',
      category: 'Proof of identity',
      type_code: 'DRIVERS_LICENSE',
      type: 'Driving licence',
      status_code: 'approved',
      status_title: 'Verified',
      rejection_reason: null,
    });
  });
});

describe('runs again safely', () => {
  it('never moves a decided document again, nor writes its events or email twice', async () => {
    const { browser, customer, email } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [idPhoto('passport.jpg')]);
    await file.reviewsRun();
    const events = await file.documentEvents(customer.id, documentId);
    const mails = await file.mailsTo(email);

    // The same job again (a repeated delivery), twice.
    await file.app.jobs.send(reviewDocumentJob, { document_id: documentId });
    await file.app.jobs.send(reviewDocumentJob, { document_id: documentId });
    await file.app.jobs.idle(20_000);

    expect((await file.documentOf(browser, documentId)).document.status_code).toBe('approved');
    expect(await file.documentEvents(customer.id, documentId)).toEqual(events);
    expect(await file.mailsTo(email)).toHaveLength(mails.length);
  });

  it('picks up a document left processing (a run that stopped after its first step)', async () => {
    const { browser, customer } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [idPhoto('passport.jpg')]);
    // As a run leaves it that committed its first step and then died with its process.
    await file.testApp.database.db
      .update(customerDocuments)
      .set({ status: 'processing' })
      .where(eq(customerDocuments.id, documentId));
    await forget(file.testApp, customer.id);
    await file.reviewsRun();
    expect((await file.documentOf(browser, documentId)).document.status_code).toBe('approved');
    // It went on from processing: no second Processing, one decision.
    expect(await file.documentEvents(customer.id, documentId)).toEqual([
      ['CustomerDocumentUploaded', 'pending-verification'],
      ['CustomerDocumentApproved', 'approved'],
    ]);
  });
});
