// The bench's customer for the money screens (issue 29): onboarded in Great Britain with an
// approved ID and proof of address, a recipient in India, a saved quote and one confirmed
// transfer, all made through the real server's HTTP API, as the web app makes them.
import crypto from 'node:crypto';
import {
  apiPaths,
  countryListSchema,
  customerSchema,
  documentCategoriesResponseSchema,
  payoutChannelSchema,
  payoutMethodListSchema,
  payoutTargetListSchema,
  recipientSchema,
  relationshipListSchema,
  savedQuoteSchema,
  transactionSchema,
  uploadTokenSchema,
} from '@corridor/contracts';
import { pngFile } from '../../apps/server/src/test/document-files.ts';
import { signUpCustomer, type ApiSession, type SignedUpCustomer } from './sign-up-customer.ts';

export interface SendingCustomer extends SignedUpCustomer {
  /** A saved quote with its recipient chosen: the wizard opens it at review. */
  quoteId: string;
  /** A confirmed transfer, waiting for the customer's bank transfer. */
  transactionId: string;
  transactionNumber: string;
}

/** How long the sandbox reviewer may take, its delay (set short by the bench) included. */
const REVIEW_TIMEOUT_MS = 30_000;

async function onboardInGreatBritain(api: ApiSession): Promise<void> {
  const countries = countryListSchema.parse(await api.get(apiPaths.sourceCountries)).data;
  const gb = countries.find((country) => country.iso2_alpha === 'GB');
  if (gb === undefined) throw new Error('GB is not a source country');
  const steps: [string, unknown][] = [
    [apiPaths.updateCountry, { country_id: gb.id }],
    [
      `${apiPaths.updateAttributes}?category=identity`,
      {
        name: 'Ada',
        third_name: 'Lovelace',
        nationality_id: gb.id,
        birth_detail: { birth_date: '1990-05-17' },
      },
    ],
    [
      `${apiPaths.updateAttributes}?category=employment`,
      { employment: { occupation: 'ENGINEER', salary_range: 'GBP_25000_49999' } },
    ],
    [
      `${apiPaths.updateAttributes}?category=address`,
      { address: { address_line_1: '1 Market Street', city: 'London', postcode: 'SW1A 2AA' } },
    ],
    [
      apiPaths.updateMobileNumber,
      {
        mobile_number_country_id: gb.id,
        mobile_number: `07400 ${String(crypto.randomInt(100_000, 999_999))}`,
      },
    ],
  ];
  for (const [path, body] of steps) await api.post(path, body);
}

/**
 * Hands in a passport and a utility bill as the verification screen does (a token, the PUT to
 * its signed URL, the upload), then waits for the sandbox reviewer to approve both: plain file
 * names are approved (docs/sandbox-providers.md#identity-review).
 */
async function verifyIdentity(api: ApiSession): Promise<void> {
  const categories = documentCategoriesResponseSchema.parse(
    await api.get(apiPaths.documentCategories),
  );
  const photo = pngFile(800, 600);
  for (const [category, type] of [
    ['POI', 'PASSPORT'],
    ['POA', 'UTILITY_BILL'],
  ] as const) {
    const owed = categories.find((c) => c.code === category);
    const typeId = owed?.document_types.find((t) => t.code === type)?.id;
    if (owed === undefined || typeId === undefined) throw new Error(`no ${category} ${type}`);
    const query = new URLSearchParams({
      file_name: `${type.toLowerCase()}.png`,
      file_type: 'image/png',
      file_size: String(photo.length),
    });
    const token = uploadTokenSchema.parse(
      await api.get(`${apiPaths.uploadToken(owed.id, typeId)}?${query}`),
    );
    const put = await fetch(token.token, { method: 'PUT', headers: token.headers, body: photo });
    if (!put.ok) throw new Error(`PUT ${type} answered ${put.status}`);
    const upload = new URLSearchParams({ document_category_id: owed.id, document_type_id: typeId });
    await api.post(`${apiPaths.documentUpload}?${upload}`, { pages: [token.object_key] });
  }
  const deadline = Date.now() + REVIEW_TIMEOUT_MS;
  for (;;) {
    const customer = customerSchema.parse(await api.get(apiPaths.profile));
    const approved = customer.documents.filter((d) => d.status_code === 'approved').length;
    if (customer.pending_documents.length === 0 && approved >= 2) return;
    if (Date.now() > deadline) {
      throw new Error(`documents not approved in time: ${JSON.stringify(customer.documents)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A recipient in India paid into a bank account, added as the recipient form adds one. */
async function indianRecipient(api: ApiSession): Promise<string> {
  const targets = payoutTargetListSchema.parse(await api.get(apiPaths.payoutTargets)).data;
  const india = targets.find((t) => t.country.iso2_alpha === 'IN' && t.currency.code === 'INR');
  if (india === undefined) throw new Error('India is not a payout target');
  const corridor = { country_id: india.country.id, currency_id: india.currency.id };
  const methods = payoutMethodListSchema.parse(
    await api.get(`${apiPaths.payoutMethods}?${new URLSearchParams(corridor)}`),
  ).data;
  const bank = methods.find((method) => method.code === 'BANK-ACCOUNT');
  if (bank === undefined) throw new Error('no bank payouts to India');
  const channel = payoutChannelSchema.parse(
    await api.get(
      `${apiPaths.payoutChannel}?${new URLSearchParams({ ...corridor, payout_method_id: bank.id })}`,
    ),
  );
  const sbin = channel.attributes
    .find((attribute) => attribute.attribute === 'bank')
    ?.options.find((option) => option.code === 'SBIN');
  const relationships = relationshipListSchema.parse(await api.get(apiPaths.relationships)).data;
  const sibling = relationships.find((relationship) => relationship.code === 'SIBLING');
  if (sbin === undefined || sibling === undefined) throw new Error('no SBIN bank or SIBLING');
  const recipient = await api.post(`${apiPaths.addRecipient}?payout_channel_id=${channel.id}`, {
    relationship_id: sibling.id,
    recipient_type: 'individual',
    name: 'Asha',
    third_name: 'Rao',
    bank: sbin.id,
    ifsc: 'sbin0000300',
    account_number: '50100123456789',
    confirm_account_number: '50100123456789',
  });
  return recipientSchema.parse(recipient).id;
}

/** A quote saved to send `amount` GBP to the recipient, read back with its purposes. */
async function quoteTo(api: ApiSession, recipientId: string, amount: string) {
  const saved = savedQuoteSchema.parse(
    await api.post(apiPaths.recipientSendMoney(recipientId), { amount }),
  );
  return savedQuoteSchema.parse(await api.get(apiPaths.quoteById(saved.id)));
}

/** Signs up a customer and brings it to a confirmed transfer and a second, saved quote. */
export async function sendingCustomer(origin: string): Promise<SendingCustomer> {
  const customer = await signUpCustomer(origin);
  const { api } = customer;
  await onboardInGreatBritain(api);
  await verifyIdentity(api);
  const recipientId = await indianRecipient(api);

  const sent = await quoteTo(api, recipientId, '100');
  const purpose = sent.purposes?.[0];
  const bankTransfer = sent.payment_methods.find((method) => method.code === 'MANUAL-PAYMENT');
  if (purpose === undefined || bankTransfer === undefined) {
    throw new Error('the quote has no purpose or no bank transfer');
  }
  const transaction = transactionSchema.parse(
    await api.post(
      apiPaths.quoteConfirm(sent.id),
      {
        purpose_id: purpose.id,
        payment_method_id: bankTransfer.id,
        third_party_declaration_accepted: true,
      },
      { 'idempotency-key': crypto.randomUUID() },
    ),
  );
  // Another amount: the same one to the same recipient would be refused as a duplicate.
  const saved = await quoteTo(api, recipientId, '120');
  return {
    ...customer,
    cookies: api.cookies,
    quoteId: saved.id,
    transactionId: transaction.id,
    transactionNumber: transaction.transaction_number,
  };
}
