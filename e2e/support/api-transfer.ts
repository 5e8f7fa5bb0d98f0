import { randomUUID } from 'node:crypto';
import {
  apiPaths,
  customerSchema,
  documentCategorySchema,
  IDEMPOTENCY_KEY_HEADER,
  payoutTargetListSchema,
  savedQuoteSchema,
  uploadTokenSchema,
  type Customer,
  type QuoteRequest,
  type SavedQuote,
} from '@corridor/contracts';
import { expect, type BrowserContext } from '@playwright/test';
import { z } from 'zod';
import { xsrfHeaders } from './api-customer.ts';
import { pdfStatement, pngPhoto } from './files.ts';

/**
 * What a transfer journey starts from, made through the product's HTTP API as the web app would
 * make it: an approved proof of identity, and a saved quote. The screens of these steps are the
 * journeys of identity-documents.spec.ts and quotes-and-recipients.spec.ts.
 */

const json = { accept: 'application/json' };

async function getJson<T>(context: BrowserContext, path: string, schema: z.ZodType<T>): Promise<T> {
  const answer = await context.request.get(path, { headers: json });
  expect(answer.ok(), `GET ${path} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  return schema.parse(await answer.json());
}

const profileOf = (context: BrowserContext): Promise<Customer> =>
  getJson(context, apiPaths.profile, customerSchema);

type Category = z.infer<typeof documentCategorySchema>;

/** A document category of the catalogue, with its types, as the server words them. */
export async function documentCategory(context: BrowserContext, code: string): Promise<Category> {
  const categories = await getJson(
    context,
    apiPaths.documentCategories,
    z.array(documentCategorySchema),
  );
  const found = categories.find((each) => each.code === code);
  if (found === undefined) throw new Error(`No ${code} category`);
  return found;
}

/** Sends one document as the upload dialog does: a signed upload, its PUT, the document. */
async function sendDocument(
  context: BrowserContext,
  category: Category,
  typeCode: string,
  file: { name: string; type: string; bytes: Buffer },
): Promise<void> {
  const type = category.document_types.find((each) => each.code === typeCode);
  if (type === undefined) throw new Error(`No ${category.code} ${typeCode} type`);
  const query = new URLSearchParams({
    file_name: file.name,
    file_type: file.type,
    file_size: String(file.bytes.length),
  });
  const token = await getJson(
    context,
    `${apiPaths.uploadToken(category.id, type.id)}?${query}`,
    uploadTokenSchema,
  );
  const put = await context.request.put(token.token, { headers: token.headers, data: file.bytes });
  expect(put.status(), `PUT ${file.name} answered ${put.status()}`).toBeLessThan(300);
  const documentQuery = new URLSearchParams({
    document_category_id: category.id,
    document_type_id: type.id,
  });
  const handedIn = await context.request.post(`${apiPaths.documentUpload}?${documentQuery}`, {
    headers: await xsrfHeaders(context),
    data: { pages: [token.object_key] },
  });
  expect(handedIn.ok(), `POST ${file.name} answered ${handedIn.status()}`).toBe(true);
}

/**
 * Proves the customer made by api-customer.ts (Ada Lovelace, in London) as the upload dialog
 * would: a passport photo (POI) and a bank statement naming her address (POA, owed in GB), both
 * of which the sandbox reviewer approves (docs/sandbox-providers.md#identity-review); waits for
 * the reviews. Nothing is owed afterwards until a source of funds is.
 */
export async function verifiedIdentity(context: BrowserContext): Promise<Customer> {
  await handInIdentity(context, 'passport.png');

  // The sandbox reviewer looks at each DOCUMENT_REVIEW_DELAY_SECONDS later (5 by default).
  await expect
    .poll(
      async () =>
        (await profileOf(context)).documents
          .map((document) => ({
            category: document.document_category.code,
            reviewed: document.reviewed_at !== null,
            rejection: document.rejection_reason,
          }))
          .sort((a, b) => a.category.localeCompare(b.category)),
      { timeout: 45_000, message: 'the passport and the statement are reviewed' },
    )
    .toEqual([
      { category: 'POA', reviewed: true, rejection: null },
      { category: 'POI', reviewed: true, rejection: null },
    ]);
  const customer = await profileOf(context);
  expect(customer.pending_documents, 'nothing owed').toEqual([]);
  return customer;
}

/** The passport photo named `passportName` (POI) and the bank statement (POA), handed in. */
async function handInIdentity(context: BrowserContext, passportName: string): Promise<void> {
  const category = (code: string) => documentCategory(context, code);
  await sendDocument(context, await category('POI'), 'PASSPORT', {
    name: passportName,
    type: 'image/png',
    bytes: pngPhoto(1200, 800),
  });
  await sendDocument(context, await category('POA'), 'BANK_STATEMENT', {
    name: 'bank-statement.pdf',
    type: 'application/pdf',
    bytes: pdfStatement('Corridor Bank statement for Ada Lovelace, 1 Market Street, London'),
  });
}

/**
 * As verifiedIdentity, but the passport's file name asks for a person's review
 * (docs/sandbox-providers.md#identity-review): it stays being checked, which lets the customer
 * confirm, and holds a paid transfer UNDER-REVIEW at clearance (before any hand-over). Waits
 * for the statement's review.
 */
export async function identityUnderReview(context: BrowserContext): Promise<void> {
  await handInIdentity(context, 'passport-review.png');
  await expect
    .poll(
      async () => {
        const customer = await profileOf(context);
        const poa = customer.documents.find((each) => each.document_category.code === 'POA');
        return {
          owed: customer.pending_documents.length,
          poaReviewed: poa !== undefined && poa.reviewed_at !== null,
        };
      },
      { timeout: 45_000, message: 'the statement is reviewed, nothing owed' },
    )
    .toEqual({ owed: 0, poaReviewed: true });
}

/**
 * Prices and saves a transfer of `amount` GBP to `iso2` in its currency by the corridor's first
 * delivery method (a bank account), as the calculator's "Send money" does; the saved quote.
 */
export async function savedQuote(
  context: BrowserContext,
  { iso2, amount }: { iso2: string; amount: string },
): Promise<SavedQuote> {
  const targets = await getJson(context, apiPaths.payoutTargets, payoutTargetListSchema);
  const target = targets.data.find((each) => each.country.iso2_alpha === iso2);
  if (target === undefined) throw new Error(`${iso2} is not a payout target`);
  const answer = await context.request.post(apiPaths.quote, {
    headers: { ...(await xsrfHeaders(context)), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    data: {
      amount_type: 'send',
      amount,
      payout_country_id: target.country.id,
      payout_currency_id: target.currency.id,
    } satisfies QuoteRequest,
  });
  expect(
    answer.ok(),
    `POST ${apiPaths.quote} answered ${answer.status()}: ${await answer.text()}`,
  ).toBe(true);
  return savedQuoteSchema.parse(await answer.json());
}
