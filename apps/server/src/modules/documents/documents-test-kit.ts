import crypto from 'node:crypto';
import {
  apiPaths,
  customerSchema,
  uploadTokenSchema,
  type Customer,
  type DocumentCategoryCode,
  type DocumentFileType,
  type DocumentTypeCode,
  type UploadToken,
} from '@corridor/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { outboxMessages } from '../../outbox/outbox.schema.ts';
import { forgetCachedCustomer } from '../../test/cached-reads.ts';
import { fromAddress } from '../../test/client-address.ts';
import { TestClock } from '../../test/clock.ts';
import { countryIdsOf } from '../../test/onboarding-customers.ts';
import { startStorageBackend, type StorageKind } from '../../test/s3-test-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';
import type { Database } from '../../db/database.ts';
import { categoryByCode } from './document-catalogue.ts';
import { customerDocuments } from './documents.schema.ts';

/**
 * What the documents tests share (test code only): an app on either storage, customers at any
 * stage of their profile, and the intake as a browser does it (token, PUT, document/upload).
 */

/** The ids of a category and one of its types, from the catalogue. */
export function idsOf(category: DocumentCategoryCode, type: DocumentTypeCode) {
  const found = categoryByCode(category);
  const typeId = found.types.find((candidate) => candidate.code === type)?.id;
  if (!typeId) throw new Error(`no type ${type} in ${category}`);
  return { categoryId: found.id, typeId };
}

export const ADDRESSES: Record<string, Record<string, string>> = {
  GB: { address_line_1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA' },
  US: {
    address_line_1: '1600 Pennsylvania Ave NW',
    city: 'Washington',
    region: 'DC',
    postcode: '20500',
  },
};

export interface DocumentsTestFile {
  readonly kind: StorageKind;
  readonly clock: TestClock;
  readonly app: FastifyInstance;
  readonly testApp: TestApp;
  /** The storage's settings: DATA_DIR for the local folder, the S3_* set for s3rver. */
  readonly env: Record<string, string>;
  /** A customer signed up from an address of its own, at the profile stage asked for. */
  customer(options?: {
    country?: string | null;
    identity?: boolean;
    address?: boolean;
  }): Promise<{ browser: TestBrowser; customer: Customer }>;
}

/**
 * One app (and database) for the file on `kind` storage, its jobs not worked (the review stays
 * out of the way: statuses change only where a test changes them), on a clock the test moves.
 */
export function documentsTestFile(kind: StorageKind, block: number): DocumentsTestFile {
  const clock = new TestClock();
  let testApp: TestApp | undefined;
  let stop: (() => Promise<void>) | undefined;
  let env: Record<string, string> = {};
  let countryId: ((iso2: string) => string) | undefined;
  let customers = 0;
  beforeAll(async () => {
    const backend = await startStorageBackend(kind);
    stop = backend.stop;
    env = backend.env;
    testApp = await createTestApp({ env: backend.env, clock, startJobs: false });
    countryId = await countryIdsOf(testApp.app);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await stop?.();
  });
  const current = () => {
    if (!testApp) throw new Error('the app is made in beforeAll');
    return testApp;
  };

  async function customer(
    options: { country?: string | null; identity?: boolean; address?: boolean } = {},
  ) {
    const { country = 'GB', identity = true, address = false } = options;
    customers += 1;
    const browser = new TestBrowser(fromAddress(current().app, `10.${block}.0.${customers}`));
    const signUp = await browser.post(apiPaths.signup, {
      email: `documents-${kind}-${block}-${customers}@example.com`,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    let answer = signUp;
    const id = (iso2: string) => (countryId ? countryId(iso2) : '');
    if (country) {
      answer = await browser.post(apiPaths.updateCountry, { country_id: id(country) });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    if (country && identity) {
      answer = await browser.post(`${apiPaths.updateAttributes}?category=identity`, {
        name: 'Ada',
        third_name: 'Lovelace',
        nationality_id: id('GB'),
        birth_detail: { birth_date: '1990-12-10' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    if (country && address) {
      answer = await browser.post(`${apiPaths.updateAttributes}?category=address`, {
        address: ADDRESSES[country],
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    return { browser, customer: customerSchema.parse(answer.json()) };
  }

  return {
    kind,
    clock,
    get app() {
      return current().app;
    },
    get testApp() {
      return current();
    },
    get env() {
      return env;
    },
    customer,
  };
}

export interface TestFile {
  name: string;
  type: DocumentFileType;
  bytes: Buffer;
}

/** A photo's size, for a token whose file is never stored. */
export const SOME_FILE_SIZE = 100_000;

/**
 * GET …/account-verification/token/{categoryId}/{typeId} for `file` (of `SOME_FILE_SIZE` bytes
 * unless given), the raw answer.
 */
export function requestToken(
  browser: TestBrowser,
  category: DocumentCategoryCode,
  type: DocumentTypeCode,
  file: { name: string; type: string; size?: number },
) {
  const { categoryId, typeId } = idsOf(category, type);
  const query = new URLSearchParams({
    file_name: file.name,
    file_type: file.type,
    file_size: String(file.size ?? SOME_FILE_SIZE),
  });
  return browser.get(`${apiPaths.uploadToken(categoryId, typeId)}?${query}`);
}

/**
 * The browser's PUT to the signed URL, without cookies: through the app for the local folder
 * (the URL's path and query), over HTTP to the S3 server. Its status.
 */
export async function putToSignedUrl(
  app: FastifyInstance,
  token: UploadToken,
  bytes: Buffer,
): Promise<number> {
  const url = new URL(token.token);
  if (url.pathname.startsWith('/storage/')) {
    const response = await app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: token.headers,
      payload: bytes,
    });
    return response.statusCode;
  }
  const response = await fetch(url, { method: 'PUT', headers: token.headers, body: bytes });
  return response.status;
}

/** A file stored as a browser stores it: its token, then its PUT; the token. */
export async function storeFile(
  app: FastifyInstance,
  browser: TestBrowser,
  category: DocumentCategoryCode,
  type: DocumentTypeCode,
  file: TestFile,
): Promise<UploadToken> {
  const answer = await requestToken(browser, category, type, {
    name: file.name,
    type: file.type,
    size: file.bytes.length,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const token = uploadTokenSchema.parse(answer.json());
  const status = await putToSignedUrl(app, token, file.bytes);
  expect(status, `PUT ${file.name}`).toBeLessThan(300);
  return token;
}

/** POST /client/v1/document/upload with `pages`, the raw answer. */
export function handIn(
  browser: TestBrowser,
  category: DocumentCategoryCode,
  type: DocumentTypeCode,
  pages: string[],
  headers: Record<string, string> = {},
) {
  const { categoryId, typeId } = idsOf(category, type);
  const query = new URLSearchParams({ document_category_id: categoryId, document_type_id: typeId });
  return browser.request('POST', `${apiPaths.documentUpload}?${query}`, { pages }, headers);
}

/** The realtime events written to the outbox for `customerId`, oldest first. */
export async function realtimeEventsOf(testApp: TestApp, customerId: string) {
  const rows = await testApp.database.db
    .select({ payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aggregate_id, customerId), eq(outboxMessages.kind, 'realtime')))
    .orderBy(outboxMessages.sequence);
  return rows.map((row) => row.payload as { event: string; data: Record<string, unknown> });
}

/** After a test wrote a customer's documents straight to the database. */
export const forget = (testApp: TestApp, customerId: string) =>
  forgetCachedCustomer(testApp.app, customerId);

/** A document of `category` approved for the customer, as a review leaves it. */
export async function approveDocument(
  app: FastifyInstance,
  db: Database,
  clock: TestClock,
  customerId: string,
  category: 'POI' | 'POA' | 'SOF',
  type: string,
  /** What the reviewer read off an ID: a name unlike the profile's fails `poi_name_check`. */
  read?: { name: string; thirdName: string; birthDate: string },
) {
  const now = clock.now();
  await db.insert(customerDocuments).values({
    ...(read
      ? { poi_name: read.name, poi_third_name: read.thirdName, poi_birth_date: read.birthDate }
      : {}),
    id: crypto.randomUUID(),
    customer_id: customerId,
    category_code: category,
    type_code: type,
    status: 'approved',
    reviewed_by: 'operator',
    reviewed_at: now,
    created_at: now,
    updated_at: now,
  });
  await forgetCachedCustomer(app, customerId);
}
