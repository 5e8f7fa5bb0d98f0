import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  customerSchema,
  type Customer,
  type DocumentCategoryCode,
  type DocumentTypeCode,
  type Locale,
} from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { customerDocuments, documentUploads } from '../documents.schema.ts';
import { fromAddress } from '../../../test/client-address.ts';
import { SECOND, TestClock } from '../../../test/clock.ts';
import { mailsTo } from '../../../test/mailbox.ts';
import { jpegFile, pdfFile } from '../../../test/document-files.ts';
import { countryIdsOf } from '../../../test/onboarding-customers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { STRONG_PASSWORD, TestBrowser } from '../../../test/test-browser.ts';
import {
  ADDRESSES,
  handIn,
  realtimeEventsOf,
  storeFile,
  type TestFile,
} from '../documents-test-kit.ts';

/**
 * What the review tests share (test code only): one app per file on the local folder, working
 * its jobs on a clock the test moves; customers with an identity (Ada Lovelace, born
 * 1990-12-10) and a London address; documents handed in as a browser does (token, PUT, document/upload).
 */

export const REVIEW_DELAY_SECONDS = 5;

export interface ReviewedCustomer {
  browser: TestBrowser;
  customer: Customer;
  email: string;
}

export function reviewTestFile(block: number, options: { env?: Record<string, string> } = {}) {
  const clock = new TestClock();
  let testApp: TestApp | undefined;
  let dataDir = '';
  let countryId: ((iso2: string) => string) | undefined;
  let customers = 0;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'corridor-review-'));
    testApp = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        DOCUMENT_REVIEW_DELAY_SECONDS: String(REVIEW_DELAY_SECONDS),
        ...options.env,
      },
      clock,
    });
    countryId = await countryIdsOf(testApp.app);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  const current = (): TestApp => {
    if (!testApp) throw new Error('the app is made in beforeAll');
    return testApp;
  };

  /** A customer with a country (GB), an identity and an address, reading Corridor in `locale`. */
  async function customer(locale: Locale = 'en'): Promise<ReviewedCustomer> {
    customers += 1;
    const email = `review-${block}-${customers}@example.com`;
    const browser = new TestBrowser(fromAddress(current().app, `10.${block}.0.${customers}`));
    const steps: [string, unknown][] = [
      [apiPaths.signup, { email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD }],
      [apiPaths.updateCountry, { country_id: countryId?.('GB') }],
      [
        `${apiPaths.updateAttributes}?category=identity`,
        {
          name: 'Ada',
          third_name: 'Lovelace',
          nationality_id: countryId?.('GB'),
          birth_detail: { birth_date: '1990-12-10' },
        },
      ],
      [`${apiPaths.updateAttributes}?category=address`, { address: ADDRESSES.GB }],
      [apiPaths.profileLocale, { locale }],
    ];
    let answer;
    for (const [url, body] of steps) {
      answer = await browser.post(url, body);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(300);
    }
    return {
      browser,
      email,
      customer: customerSchema.parse((await browser.get(apiPaths.profile)).json()),
    };
  }

  /** Hands a document in through the API; its id. It is pending-verification. */
  async function submit(
    browser: TestBrowser,
    category: DocumentCategoryCode,
    type: DocumentTypeCode,
    files: TestFile[],
  ): Promise<string> {
    const keys: string[] = [];
    for (const file of files) {
      keys.push((await storeFile(current().app, browser, category, type, file)).object_key);
    }
    const answer = await handIn(browser, category, type, keys);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(201);
    const [newest] = customerSchema.parse(answer.json()).documents;
    if (!newest) throw new Error('the answer shows no document');
    expect(newest.status_code).toBe('pending-verification');
    return newest.id;
  }

  /** The review's delay passes; every review due then has run. */
  async function reviewsRun(): Promise<void> {
    clock.advance(REVIEW_DELAY_SECONDS * SECOND);
    await current().app.jobs.tick();
    await current().app.jobs.idle(20_000);
  }

  /** The document as its owner's profile shows it. */
  async function documentOf(browser: TestBrowser, documentId: string) {
    const profile = customerSchema.parse((await browser.get(apiPaths.profile)).json());
    const found = profile.documents.find((document) => document.id === documentId);
    if (!found) throw new Error(`no document ${documentId} on the profile`);
    return { profile, document: found };
  }

  /** The document's row, as stored. */
  async function rowOf(documentId: string) {
    const [row] = await current()
      .database.db.select()
      .from(customerDocuments)
      .where(eq(customerDocuments.id, documentId));
    if (!row) throw new Error(`no document ${documentId}`);
    return row;
  }

  /** The document events of a customer's channel, in order: [event, status]. */
  async function documentEvents(customerId: string, documentId: string) {
    const events = await realtimeEventsOf(current(), customerId);
    return events
      .filter((event) => event.data.document_id === documentId)
      .map((event) => [event.event, event.data.status_code]);
  }

  /** Where the local folder keeps each page of the document, in page order. */
  async function filesOf(documentId: string): Promise<string[]> {
    const rows = await current()
      .database.db.select({ key: documentUploads.object_key })
      .from(documentUploads)
      .where(eq(documentUploads.document_id, documentId))
      .orderBy(documentUploads.page_number);
    return rows.map((row) => path.join(dataDir, ...row.key.split('/')));
  }

  return {
    clock,
    filesOf,
    get app(): FastifyInstance {
      return current().app;
    },
    get testApp(): TestApp {
      return current();
    },
    customer,
    submit,
    reviewsRun,
    documentOf,
    rowOf,
    documentEvents,
    mailsTo: (to: string) => mailsTo(current().app, to),
  };
}

/** An ID photographed: a real JPEG, by default big enough for the checks. */
export const idPhoto = (name: string, width = 1200, height = 800): TestFile => ({
  name,
  type: 'image/jpeg',
  bytes: jpegFile(width, height),
});

/** A statement as its provider's PDF. */
export const statementPdf = (name: string, pages = 2): TestFile => ({
  name,
  type: 'application/pdf',
  bytes: pdfFile(pages),
});
