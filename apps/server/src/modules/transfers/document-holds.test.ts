import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, customerSchema } from '@corridor/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import { waitForMail } from '../../test/mailbox.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { waitUntil } from '../../test/wait-for.ts';
import { handIn, idsOf, storeFile } from '../documents/documents-test-kit.ts';
import { idPhoto } from '../documents/review/review-test-kit.ts';
import {
  ADA,
  causesOf,
  confirmedTransfer,
  transferOf,
  waitForState,
} from './transfer-holds-test-kit.ts';
import { readySender } from './transfers-test-kit.ts';

/**
 * Holds from documents (docs/product/sending-money.md#holds-from-documents): a paid transfer of
 * a customer whose proof of identity is still being checked waits in UNDER-REVIEW, moves on once
 * it is approved, and asks for a new one when it is rejected. Documents are handed in over the
 * API and decided by the sandbox reviewer and the operator, on the test clock; the ledger holds
 * after the file (appPerFile's movesMoney).
 */
const REVIEW_DELAY_SECONDS = 5;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-holds-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const clock = new TestClock();
const testApp = appPerFile({
  clock,
  movesMoney: true,
  env: { DATA_DIR: dataDir, DOCUMENT_REVIEW_DELAY_SECONDS: String(REVIEW_DELAY_SECONDS) },
});
const db = () => testApp.database.db;

/** A customer ready to send but for their ID (a proof of address approved), and their email. */
async function senderWithoutId() {
  const sender = await readySender(testApp.app, db(), clock, { documents: ['POA'] });
  const profile = customerSchema.parse((await sender.browser.get(apiPaths.profile)).json());
  return { ...sender, email: profile.account.email };
}

/** Hands a passport photo named `fileName` in; its id (the sandbox reviewer reads the name). */
async function handInId(browser: TestBrowser, fileName: string): Promise<string> {
  const token = await storeFile(testApp.app, browser, 'POI', 'PASSPORT', idPhoto(fileName));
  const answer = await handIn(browser, 'POI', 'PASSPORT', [token.object_key]);
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(201);
  const [newest] = customerSchema.parse(answer.json()).documents;
  if (!newest) throw new Error('no document');
  return newest.id;
}

/** The review job runs once its delay has passed on the test clock. */
async function reviewed(browser: TestBrowser, documentId: string, status: string) {
  clock.advance(REVIEW_DELAY_SECONDS * SECOND);
  await waitUntil(async () => {
    const profile = customerSchema.parse((await browser.get(apiPaths.profile)).json());
    return profile.documents.some((doc) => doc.id === documentId && doc.status_code === status);
  });
}

/**
 * Confirmed, then settled by an operator (as the sandbox bank would): the payment has cleared,
 * and in the same transaction the ID still being checked held the transfer (decision 71).
 */
async function paidTransfer(browser: TestBrowser) {
  const transfer = await confirmedTransfer(browser, db(), clock);
  const settled = await testApp.app.ops.transfers.act('settle', transfer.id, ADA);
  expect(settled).toMatchObject({ from: 'PENDING-PAYMENT', state: 'UNDER-REVIEW' });
  return transfer;
}

describe('a proof of identity still being checked when the payment clears', () => {
  it('holds the transfer UNDER-REVIEW, then moves it on once the ID is approved', async () => {
    const { browser, email } = await senderWithoutId();
    const idDocument = await handInId(browser, 'passport-review.jpg');
    const transfer = await paidTransfer(browser);

    const held = await waitForState(browser, transfer.id, 'UNDER-REVIEW');
    expect(held.hold).toEqual({
      reason: {
        code: 'DOCUMENT-BEING-CHECKED',
        text: 'We are still checking your proof of identity.',
      },
      action: {
        code: 'WAIT-FOR-REVIEW',
        text: 'Nothing to do: we will email you when the check is done.',
      },
    });
    const onHold = await waitForMail(testApp.app, email, /is on hold/);
    expect(onHold.subject).toBe(`Your Corridor transfer ${transfer.transaction_number} is on hold`);
    expect(onHold.text).toContain('Why: We are still checking your proof of identity.');
    await waitForMail(testApp.app, email, /We have your payment/);

    // The reviewer leaves it to an operator, who approves it: the transfer moves on.
    await reviewed(browser, idDocument, 'review-required');
    expect((await transferOf(browser, transfer.id)).state.code).toBe('UNDER-REVIEW');
    await testApp.app.ops.documents.approve(idDocument, 'operator');
    const moved = await waitForState(browser, transfer.id, 'CONVERTING-FOREX');
    expect(moved.hold).toBeNull();
    expect(await causesOf(db(), transfer.id)).toEqual([
      ['CREATED', null, null],
      ['PENDING-PAYMENT', 'payment-opened', null],
      ['PAYMENT-CLEARED', 'payment-cleared', null],
      ['UNDER-REVIEW', 'review-required', 'DOCUMENT-BEING-CHECKED'],
      ['CONVERTING-FOREX', 'review-passed', null],
    ]);
  });

  it('asks for a new ID when it is rejected, and moves on once the new one is approved', async () => {
    const { browser, email } = await senderWithoutId();
    const first = await handInId(browser, 'passport-review.jpg');
    const transfer = await paidTransfer(browser);
    await waitForState(browser, transfer.id, 'UNDER-REVIEW');
    await reviewed(browser, first, 'review-required');

    await testApp.app.ops.documents.reject(first, 'The photo is blurred.', 'operator');
    const required = await waitForState(browser, transfer.id, 'DOCUMENT-REQUIRED');
    expect(required.hold?.reason.code).toBe('DOCUMENT-REJECTED');
    expect(required.hold?.action.code).toBe('UPLOAD-DOCUMENT');
    // The email says why and links the upload screen of a proof of identity.
    const { categoryId } = idsOf('POI', 'PASSPORT');
    await waitUntil(async () => {
      const mail = await waitForMail(testApp.app, email, /is on hold/);
      return mail.text.includes('We could not accept the document you sent.');
    });
    const mail = await waitForMail(testApp.app, email, /is on hold/);
    expect(mail.text).toContain(`/account-verification/upload/${categoryId}`);

    // A new ID handed in: DOCUMENT-PROVIDED; the sandbox reviewer approves it: onwards.
    const second = await handInId(browser, 'passport.jpg');
    await waitForState(browser, transfer.id, 'DOCUMENT-PROVIDED');
    await reviewed(browser, second, 'approved');
    await waitForState(browser, transfer.id, 'CONVERTING-FOREX');
    expect((await causesOf(db(), transfer.id)).slice(3)).toEqual([
      ['UNDER-REVIEW', 'review-required', 'DOCUMENT-BEING-CHECKED'],
      ['DOCUMENT-REQUIRED', 'document-rejected', 'DOCUMENT-REJECTED'],
      ['DOCUMENT-PROVIDED', 'document-provided', null],
      ['CONVERTING-FOREX', 'document-accepted', null],
    ]);
  });

  it('needs a new ID at once when the one being checked was rejected before the payment cleared', async () => {
    const { browser } = await senderWithoutId();
    const id = await handInId(browser, 'passport-reject-blurry.jpg');
    const transfer = await confirmedTransfer(browser, db(), clock);
    await reviewed(browser, id, 'rejected');
    await testApp.app.ops.transfers.act('settle', transfer.id, ADA);
    const required = await waitForState(browser, transfer.id, 'DOCUMENT-REQUIRED');
    expect(required.hold?.reason.code).toBe('DOCUMENT-REJECTED');
  });
});
