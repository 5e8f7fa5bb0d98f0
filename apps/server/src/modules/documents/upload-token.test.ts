/**
 * Issue 16: the catalogue (GET /client/v1/document-categories) and the upload token (GET
 * /client/v1/account-verification/token/{categoryId}/{typeId}): who may have one, for what file,
 * and how many.
 */
import crypto from 'node:crypto';
import {
  apiPaths,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_STORAGE_QUOTA_BYTES,
  documentCategoriesResponseSchema,
  uploadTokenSchema,
} from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentUploads } from './documents.schema.ts';
import { cryptoRandom } from '../../lib/random.ts';
import { MINUTE } from '../../test/clock.ts';
import { jpegFile } from '../../test/document-files.ts';
import { expectOriginalKeys } from '../../test/original-product-keys.ts';
import { documentsTestFile, handIn, idsOf, requestToken, storeFile } from './documents-test-kit.ts';
import { newObjectKey, OBJECT_KEY_PATTERN } from './storage/index.ts';
import { UPLOAD_TOKENS } from './upload-token.ts';

const file = documentsTestFile('local', 163);
const photo = { name: 'passport.jpg', type: 'image/jpeg' };

describe('GET /client/v1/document-categories', () => {
  it('answers POI, POA and SOF with their types and what each takes, in English', async () => {
    const { browser } = await file.customer({ country: null });
    const response = await browser.get(apiPaths.documentCategories);
    expect(response.statusCode).toBe(200);
    const categories = documentCategoriesResponseSchema.parse(response.json());
    expect(categories.map((c) => [c.code, c.document_types.map((t) => t.code)])).toEqual([
      ['POI', ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID_CARD']],
      ['POA', ['UTILITY_BILL', 'BANK_STATEMENT', 'COUNCIL_TAX_BILL']],
      ['SOF', ['SALARY_SLIP', 'BANK_STATEMENT', 'LOAN_AGREEMENT', 'SAVINGS_ACCOUNT_STATEMENT']],
    ]);
    for (const category of response.json() as unknown[]) {
      const raw = expectOriginalKeys(
        category,
        ['id', 'code', 'title', 'description', 'document_types'],
        'category',
      );
      for (const type of raw.document_types as unknown[]) {
        expectOriginalKeys(
          type,
          [
            'id',
            'code',
            'title',
            'description',
            'public_upload',
            'info',
            'document_number_label',
            'api',
          ],
          'document type',
        );
      }
    }
    const [poi, poa, sof] = categories;
    expect(poi?.title).toBe('Proof of identity');
    expect(poi?.document_types[0]).toMatchObject({
      title: 'Passport',
      api: 'SYSTEM',
      public_upload: false,
      sides: null,
      min_pages: 1,
      max_pages: 1,
      recency: null,
      file_types: ['image/jpeg', 'image/png', 'image/webp'],
      refused: expect.arrayContaining(['An expired document']),
    });
    expect(poi?.document_types[1]).toMatchObject({
      sides: ['front', 'back'],
      min_pages: 2,
      max_pages: 2,
    });
    expect(poa?.document_types[0]).toMatchObject({
      recency: 'Issued in the last 3 months',
      min_pages: 1,
      max_pages: 10,
      file_types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    });
    expect(poa?.document_types[2]?.recency).toBe('Issued in the last 12 months');
    // A bank statement is a type of two categories, with an id in each.
    expect(poa?.document_types[1]?.id).not.toBe(sof?.document_types[1]?.id);
    // The ids are fixed: the same on every installation.
    expect(poi?.id).toBe(idsOf('POI', 'PASSPORT').categoryId);
  });

  it('answers in Spanish when asked, and only to a signed-in customer', async () => {
    const { browser } = await file.customer({ country: null });
    const spanish = await browser.request('GET', apiPaths.documentCategories, undefined, {
      'accept-language': 'es',
    });
    const [poi, poa] = documentCategoriesResponseSchema.parse(spanish.json());
    expect(poi?.title).toBe('Prueba de identidad');
    expect(poi?.document_types.map((t) => t.title)).toEqual([
      'Pasaporte',
      'Permiso de conducir',
      'Documento nacional de identidad',
    ]);
    expect(poa?.document_types[0]?.recency).toBe('Emitido en los últimos 3 meses');
    const anonymous = await file.app.inject({ method: 'GET', url: apiPaths.documentCategories });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /client/v1/account-verification/token/{categoryId}/{typeId}', () => {
  it('answers a signed PUT for 30 minutes, and keeps the file name as text only', async () => {
    const { browser, customer } = await file.customer();
    const response = await requestToken(browser, 'POI', 'PASSPORT', { ...photo, size: 1234 });
    expect(response.statusCode, response.body).toBe(200);
    const token = uploadTokenSchema.parse(response.json());
    expect(token.object_key).toMatch(OBJECT_KEY_PATTERN);
    expect(token.object_key.startsWith(`documents/${customer.id}/`)).toBe(true);
    expect(new URL(token.token).pathname).toBe(`/storage/${token.object_key}`);
    expect(token.max_bytes).toBe(DOCUMENT_MAX_BYTES);
    const headers = new Map(Object.entries(token.headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(headers.get('content-type')).toBe('image/jpeg');
    const ttl = Date.parse(token.expires_at) - file.clock.now().getTime();
    expect(ttl).toBeGreaterThan(29 * MINUTE);
    expect(ttl).toBeLessThanOrEqual(30 * MINUTE);
    const [row] = await file.testApp.database.db
      .select()
      .from(documentUploads)
      .where(eq(documentUploads.object_key, token.object_key));
    expect(row).toMatchObject({
      customer_id: customer.id,
      category_code: 'POI',
      type_code: 'PASSPORT',
      file_name: 'passport.jpg',
      declared_type: 'image/jpeg',
      declared_size: 1234,
      document_id: null,
    });
  });

  it('answers 404 for an unknown category or type, or a type of another category', async () => {
    const { browser } = await file.customer();
    const passport = idsOf('POI', 'PASSPORT');
    const utilityBill = idsOf('POA', 'UTILITY_BILL');
    const query = `?file_name=a.jpg&file_type=image%2Fjpeg&file_size=1000`;
    for (const [categoryId, typeId] of [
      [crypto.randomUUID(), passport.typeId],
      [passport.categoryId, crypto.randomUUID()],
      [passport.categoryId, utilityBill.typeId],
      ['not-an-id', passport.typeId],
    ] as const) {
      const response = await browser.get(`${apiPaths.uploadToken(categoryId, typeId)}${query}`);
      expect(response.statusCode, `${categoryId}/${typeId}`).toBe(404);
    }
    // Upper-case ids are the same ids.
    const upper = await browser.get(
      `${apiPaths.uploadToken(passport.categoryId.toUpperCase(), passport.typeId.toUpperCase())}${query}`,
    );
    expect(upper.statusCode).toBe(200);
  });

  it('answers 412 until the identity is complete, and for POA until the address is', async () => {
    const newcomer = await file.customer({ country: null });
    const noIdentity = await file.customer({ identity: false });
    for (const { browser } of [newcomer, noIdentity]) {
      const response = await requestToken(browser, 'SOF', 'SALARY_SLIP', photo);
      expect(response.statusCode).toBe(412);
      expect(response.json()).toEqual({
        type: 'incomplete_customer_identity',
        message: 'Complete your personal details before you upload a document.',
      });
    }
    const { browser } = await file.customer();
    const poa = await requestToken(browser, 'POA', 'UTILITY_BILL', photo);
    expect(poa.statusCode).toBe(412);
    expect(poa.json().type).toBe('incomplete_customer_address');
    expect((await requestToken(browser, 'POI', 'PASSPORT', photo)).statusCode).toBe(200);
    expect((await requestToken(browser, 'SOF', 'SALARY_SLIP', photo)).statusCode).toBe(200);
  });

  it('answers 422 for a file type the document type does not take, or a bad query', async () => {
    const { browser } = await file.customer();
    const pdf = await requestToken(browser, 'POI', 'PASSPORT', {
      name: 'passport.pdf',
      type: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors).toEqual({
      file_type: ['Upload a photo: a JPEG, PNG or WebP image.'],
    });
    const html = await requestToken(browser, 'POI', 'PASSPORT', {
      name: 'a.html',
      type: 'text/html',
    });
    expect(html.statusCode).toBe(422);
    expect(Object.keys(html.json().errors)).toEqual(['file_type']);
    const tooBig = await requestToken(browser, 'POI', 'PASSPORT', {
      ...photo,
      size: DOCUMENT_MAX_BYTES + 1,
    });
    expect(tooBig.statusCode).toBe(422);
    const { typeId, categoryId } = idsOf('POI', 'PASSPORT');
    const noName = await browser.get(
      `${apiPaths.uploadToken(categoryId, typeId)}?file_type=image%2Fpng&file_size=1000`,
    );
    expect(noName.statusCode).toBe(422);
    // The size is signed into the URL (issue 28, S3): a token without it would take any length.
    const noSize = await browser.get(
      `${apiPaths.uploadToken(categoryId, typeId)}?file_name=a.png&file_type=image%2Fpng`,
    );
    expect(noSize.statusCode).toBe(422);
    expect(noSize.json().errors).toEqual({
      file_size: ['The file size must be a number of bytes, at most 10 MB.'],
    });
    const spanish = await browser.request(
      'GET',
      `${apiPaths.uploadToken(categoryId, typeId)}?file_name=a.png&file_type=image%2Fpng`,
      undefined,
      { 'accept-language': 'es' },
    );
    expect(spanish.json().errors.file_size).toEqual([
      'El tamaño del archivo debe ser un número de bytes, como máximo 10 MB.',
    ]);
  });

  it(`issues at most ${UPLOAD_TOKENS.limit} an hour to a customer`, async () => {
    const { browser } = await file.customer();
    for (let issued = 0; issued < UPLOAD_TOKENS.limit; issued += 1) {
      const response = await requestToken(browser, 'POI', 'PASSPORT', photo);
      expect(response.statusCode).toBe(200);
    }
    const refused = await requestToken(browser, 'POI', 'PASSPORT', photo);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another customer is not held back by this one.
    const other = await file.customer();
    expect((await requestToken(other.browser, 'POI', 'PASSPORT', photo)).statusCode).toBe(200);
  });
});

describe(`the storage quota: ${DOCUMENT_STORAGE_QUOTA_BYTES / (1024 * 1024)} MB a customer (issue 28, S3)`, () => {
  const full =
    'Your documents already take the 250 MB we keep for you. Files you did not hand in are removed a day after you uploaded them; try again then.';

  it('refuses a token past it, pending uploads counted by their signed size', async () => {
    const { browser } = await file.customer();
    const atTheCap = { ...photo, size: DOCUMENT_MAX_BYTES };
    const fits = DOCUMENT_STORAGE_QUOTA_BYTES / DOCUMENT_MAX_BYTES;
    for (let issued = 0; issued < fits; issued += 1) {
      const response = await requestToken(browser, 'POI', 'PASSPORT', atTheCap);
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const size of [DOCUMENT_MAX_BYTES, 1]) {
      const refused = await requestToken(browser, 'POI', 'PASSPORT', { ...photo, size });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: full, errors: { file_size: [full] } });
    }
    const spanish = await browser.request(
      'GET',
      `${apiPaths.uploadToken(idsOf('POI', 'PASSPORT').categoryId, idsOf('POI', 'PASSPORT').typeId)}?file_name=a.jpg&file_type=image%2Fjpeg&file_size=1`,
      undefined,
      { 'accept-language': 'es' },
    );
    expect(spanish.json().message).toMatch(/^Tus documentos ya ocupan los 250 MB/);
    // Another customer has room of their own.
    const other = await file.customer();
    expect((await requestToken(other.browser, 'POI', 'PASSPORT', atTheCap)).statusCode).toBe(200);
  });

  it('refuses a hand-in that would hold more than it (uploads from before sizes were signed)', async () => {
    const { browser, customer } = await file.customer();
    const token = await storeFile(file.app, browser, 'POI', 'PASSPORT', {
      name: 'passport.jpg',
      type: 'image/jpeg',
      bytes: jpegFile(600, 400),
    });
    // What the customer held before the quota: more than it, in an upload never handed in.
    await file.testApp.database.db.insert(documentUploads).values({
      object_key: newObjectKey(customer.id, 'application/pdf', cryptoRandom),
      id: crypto.randomUUID(),
      customer_id: customer.id,
      category_code: 'POA',
      type_code: 'UTILITY_BILL',
      file_name: 'old.pdf',
      declared_type: 'application/pdf',
      declared_size: DOCUMENT_STORAGE_QUOTA_BYTES,
      created_at: file.clock.now(),
      expires_at: file.clock.now(),
    });
    const answer = await handIn(browser, 'POI', 'PASSPORT', [token.object_key]);
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ message: full, errors: { pages: [full] } });
    // Nothing of it was kept: the upload is still free.
    const [row] = await file.testApp.database.db
      .select()
      .from(documentUploads)
      .where(eq(documentUploads.object_key, token.object_key));
    expect(row?.document_id).toBeNull();
  });
});
