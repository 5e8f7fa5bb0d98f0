import crypto from 'node:crypto';
import {
  apiPaths,
  attributeFor,
  nameLookupResultSchema,
  recipientSchema,
  subDeliveryOptionListSchema,
  type PayoutChannel,
  type Recipient,
} from '@corridor/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recipients } from './recipients.schema.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import {
  branchOf,
  channelOf,
  corridorOf,
  countryIdOf,
  FRIEND,
  indianBank,
  kenyanWallet,
  MYSELF,
  newCustomer,
  nigerianBank,
  NUBAN,
  optionOf,
  polishIban,
  SIBLING,
} from './recipients-test-kit.ts';

const testApp = appPerFile();
const db = () => testApp.database.db;

let browser: TestBrowser;
let nigeria: PayoutChannel;
let poland: PayoutChannel;
let kenyaWallet: PayoutChannel;
let india: PayoutChannel;
let kenyaId: string;

beforeAll(async () => {
  ({ browser } = await newCustomer(testApp.app, db()));
  nigeria = await channelOf(browser, db(), 'NG', 'BANK-ACCOUNT');
  poland = await channelOf(browser, db(), 'PL', 'BANK-ACCOUNT');
  kenyaWallet = await channelOf(browser, db(), 'KE', 'MOBILE-WALLET');
  india = await channelOf(browser, db(), 'IN', 'BANK-ACCOUNT');
  kenyaId = await countryIdOf(db(), 'KE');
});

const addUrl = (channel: PayoutChannel, quoteId?: string) =>
  `${apiPaths.addRecipient}?payout_channel_id=${channel.id}${quoteId ? `&quote_id=${quoteId}` : ''}`;

async function add(channel: PayoutChannel, body: Record<string, unknown>): Promise<Recipient> {
  const response = await browser.post(addUrl(channel), body);
  expect(response.statusCode, response.body).toBe(201);
  return recipientSchema.parse(response.json());
}

const errorsOf = async (channel: PayoutChannel, body: Record<string, unknown>) => {
  const response = await browser.post(addUrl(channel), body);
  expect(response.statusCode, response.body).toBe(422);
  return response.json<{ message: string; errors: Record<string, string[]> }>().errors;
};

describe('GET /client/v1/payout/channel', () => {
  it('answers the form of a target and method, in Spanish when asked', async () => {
    const spanish = await channelOf(browser, db(), 'IN', 'BANK-ACCOUNT', 'es');
    expect(spanish.id).toBe(india.id);
    const label = (c: PayoutChannel, key: string) =>
      c.attributes.find((attribute) => attribute.attribute === key)?.label;
    expect(label(india, 'account_number')).toBe('Account number');
    expect(label(spanish, 'account_number')).toBe('Número de cuenta');
    expect(label(spanish, 'ifsc')).toBe('Código IFSC');
    expect(spanish.configuration.confirm_account_number).toBe(true);
    expect(nigeria.configuration.name_lookup_requirements).toEqual(['account_number', 'bank']);
  });

  it('answers 404 for a method of another target, 422 for ids that are not UUIDs', async () => {
    const query = new URLSearchParams({
      country_id: kenyaId,
      currency_id: crypto.randomUUID(),
      payout_method_id: corridorOf('KE', 'MOBILE-WALLET').methodId,
    });
    const unknown = await browser.get(`${apiPaths.payoutChannel}?${query}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: expect.any(String) });
    const nigerianMethod = new URLSearchParams({
      country_id: kenyaId,
      currency_id: crypto.randomUUID(),
      payout_method_id: corridorOf('NG', 'BANK-ACCOUNT').methodId,
    });
    expect((await browser.get(`${apiPaths.payoutChannel}?${nigerianMethod}`)).statusCode).toBe(404);
    const bad = await browser.get(
      `${apiPaths.payoutChannel}?country_id=x&currency_id=y&payout_method_id=z`,
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'country_id',
      'currency_id',
      'payout_method_id',
    ]);
  });
});

describe('GET /client/v1/resources/sub-delivery-options/{id}', () => {
  it("answers a bank's branches as a bare array, [] for a bank without, 404 otherwise", async () => {
    const bangladesh = await channelOf(browser, db(), 'BD', 'BANK-ACCOUNT');
    const bank = optionOf(bangladesh, 'bank', 'DBBLBDDH');
    const response = await browser.get(apiPaths.subDeliveryOptions(bank));
    expect(response.statusCode).toBe(200);
    const branches = subDeliveryOptionListSchema.parse(response.json());
    expect(branches.map((branch) => branch.code)).toContain('MOTIJHEEL');
    expect(branches.find((branch) => branch.code === 'MOTIJHEEL')?.id).toBe(
      branchOf(bank, 'MOTIJHEEL'),
    );
    const noBranches = await browser.get(
      apiPaths.subDeliveryOptions(optionOf(india, 'bank', 'SBIN')),
    );
    expect(noBranches.json()).toEqual([]);
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      expect((await browser.get(apiPaths.subDeliveryOptions(id))).statusCode).toBe(404);
    }
  });
});

describe('GET /client/v1/recipient/name-lookup/{channelId}', () => {
  const lookUp = (channelId: string, query: Record<string, string>, locale = 'en') =>
    browser.request(
      'GET',
      `${apiPaths.nameLookup(channelId)}?${new URLSearchParams(query)}`,
      undefined,
      { 'accept-language': locale },
    );

  it("names the account's holder, the same name every time", async () => {
    const query = { bank: optionOf(nigeria, 'bank', '058'), account_number: NUBAN.named };
    const first = await lookUp(nigeria.id, query);
    expect(first.statusCode).toBe(200);
    const { name } = nameLookupResultSchema.parse(first.json());
    expect(name).toMatch(/^\S+ \S+$/);
    expect((await lookUp(nigeria.id, query)).json()).toEqual({ name });
  });

  it('refuses the test accounts with the message under name, in the reader language', async () => {
    const bank = optionOf(nigeria, 'bank', '058');
    const refused = await lookUp(nigeria.id, { bank, account_number: NUBAN.notFound });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'We could not find this account. Check the bank and the account number.',
      errors: { name: ['We could not find this account. Check the bank and the account number.'] },
    });
    const closed = await lookUp(nigeria.id, { bank, account_number: NUBAN.closed }, 'es');
    expect(closed.json().errors.name).toEqual([
      'Esta cuenta está cerrada. Pide al destinatario otra cuenta.',
    ]);
  });

  it('answers 422 by attribute for missing or invalid requirements', async () => {
    const missing = await lookUp(nigeria.id, {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['account_number', 'bank']);
    // A NUBAN whose check digit is wrong for the bank chosen.
    const wrongDigit = await lookUp(nigeria.id, {
      bank: optionOf(nigeria, 'bank', '058'),
      account_number: '0123456786',
    });
    expect(wrongDigit.json().errors).toEqual({
      account_number: ['This account number does not exist at the bank chosen. Check both.'],
    });
  });

  it('answers 404 for a channel without lookup, an unknown one, or an id that is not a UUID', async () => {
    for (const id of [india.id, crypto.randomUUID(), 'nope']) {
      expect((await lookUp(id, { account_number: '1' })).statusCode).toBe(404);
    }
  });
});

describe('POST /client/v1/recipients/add', () => {
  it('adds a Nigerian bank recipient named by the lookup, whatever name was sent', async () => {
    const bank = optionOf(nigeria, 'bank', '058');
    const looked = await browser.get(
      `${apiPaths.nameLookup(nigeria.id)}?bank=${bank}&account_number=${NUBAN.named}`,
    );
    const recipient = await add(nigeria, nigerianBank(nigeria));
    expect(recipient.name).toBe(looked.json().name);
    expect(recipient.whole_name).toBe(looked.json().name);
    expect(recipient.recipient_type).toBe('individual');
    expect(recipient.relationship).toMatchObject({ id: SIBLING, code: 'SIBLING' });
    expect(recipient.channel).toMatchObject({
      id: nigeria.id,
      country: { iso2_alpha: 'NG' },
      currency: { iso_alpha: 'NGN' },
      payout_method: { code: 'BANK-ACCOUNT' },
    });
    expect(recipient.account_detail).toEqual({
      account_number: NUBAN.named,
      account_holder_name: looked.json().name,
      institution: { id: bank, code: '058', title: 'Guaranty Trust Bank (GTBank)' },
    });
    expect(recipient.account_detail_hashmap).toEqual([
      { type: 'delivery_option', key: 'Bank', value: 'Guaranty Trust Bank (GTBank)' },
      { type: 'account_number', key: 'Account number', value: NUBAN.named },
      { type: 'name', key: 'Account holder name', value: looked.json().name },
    ]);
    expect(recipient.transaction_summary).toEqual({
      first_transaction_at: null,
      recent_transaction_at: null,
    });
    const bankAttribute = recipient.attributes.find((attribute) => attribute.attribute === 'bank');
    expect(bankAttribute?.value).toEqual({
      id: bank,
      code: '058',
      title: 'Guaranty Trust Bank (GTBank)',
    });
  });

  it('refuses a test account of the lookup under name, and writes nothing', async () => {
    const { browser: other, customerId } = await newCustomer(testApp.app, db());
    const response = await other.post(addUrl(nigeria), nigerianBank(nigeria, NUBAN.closed));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['This account is closed. Ask the recipient for another account.'],
    });
    expect(
      await db().select().from(recipients).where(eq(recipients.customer_id, customerId)),
    ).toEqual([]);
  });

  it('adds a Polish business recipient by IBAN, stored without spaces', async () => {
    const recipient = await add(poland, polishIban(poland));
    expect(recipient).toMatchObject({
      recipient_type: 'business',
      name: 'Kowalski & Syn Sp. z o.o.',
      third_name: null,
      whole_name: 'Kowalski & Syn Sp. z o.o.',
      relationship: { id: FRIEND },
    });
    expect(recipient.account_detail.account_number).toBe('PL61109010140000071219812874');
    expect(recipient.attributes.find((a) => a.attribute === 'iban')?.value).toBe(
      'PL61109010140000071219812874',
    );
  });

  it('adds a Kenyan mobile-wallet recipient with the number checked by libphonenumber', async () => {
    const recipient = await add(kenyaWallet, kenyanWallet(kenyaWallet, kenyaId));
    expect(recipient.whole_name).toBe('Wanjiku Achieng Kamau');
    const mobile = recipient.attributes.find((a) => a.attribute === 'mobile_number')?.value;
    expect(mobile).toMatchObject({
      country: { id: kenyaId, iso2_alpha: 'KE' },
      number: '712345678',
    });
    expect(recipient.account_detail.account_number).toBe('+254 712345678');
    expect(recipient.account_detail_hashmap).toContainEqual({
      type: 'mobile_number',
      key: 'Mobile number',
      value: '+254 712345678',
    });
    const [row] = await db().select().from(recipients).where(eq(recipients.id, recipient.id));
    expect(row?.account_number).toBe('+254712345678');
  });

  it('answers 422 per attribute', async () => {
    const wrongIban = { ...polishIban(poland), iban: 'PL62 1090 1014 0000 0712 1981 2874' };
    expect((await errorsOf(poland, wrongIban)).iban).toEqual([
      'This IBAN is not valid. Check it for typing mistakes.',
    ]);
    const wrongNuban = { ...nigerianBank(nigeria), account_number: '0123456786' };
    expect(await errorsOf(nigeria, wrongNuban)).toEqual({
      account_number: ['This account number does not exist at the bank chosen. Check both.'],
    });
    expect((await errorsOf(india, { ...indianBank(india), ifsc: 'SBIN1000300' })).ifsc).toEqual([
      'Enter the 11-character IFSC code, such as SBIN0000300.',
    ]);
    const badMobile = {
      ...kenyanWallet(kenyaWallet, kenyaId),
      mobile_number: { country: kenyaId, number: '0212 345678' },
    };
    expect(Object.keys(await errorsOf(kenyaWallet, badMobile))).toEqual(['mobile_number.number']);
    const wrongCountry = {
      ...kenyanWallet(kenyaWallet, kenyaId),
      mobile_number: { country: await countryIdOf(db(), 'NG'), number: '0712 345678' },
    };
    expect(Object.keys(await errorsOf(kenyaWallet, wrongCountry))).toEqual([
      'mobile_number.country',
    ]);
    const mismatch = { ...indianBank(india), confirm_account_number: '50100123456780' };
    expect(await errorsOf(india, mismatch)).toEqual({
      confirm_account_number: ['The account number confirmation does not match.'],
    });
    const { relationship_id: _dropped, ...noRelationship } = indianBank(india);
    expect(await errorsOf(india, noRelationship)).toEqual({
      relationship_id: ['Please select your relationship to the recipient.'],
    });
  });

  it('answers the errors in Spanish when asked', async () => {
    const response = await browser.request(
      'POST',
      addUrl(poland),
      { ...polishIban(poland), iban: 'PL62 1090 1014 0000 0712 1981 2874' },
      { 'accept-language': 'es' },
    );
    expect(response.json().errors.iban).toEqual([
      'Este IBAN no es válido. Revisa que no haya errores de escritura.',
    ]);
  });

  it('answers 422 for a payout channel that does not exist', async () => {
    const response = await browser.post(
      `${apiPaths.addRecipient}?payout_channel_id=${crypto.randomUUID()}`,
      polishIban(poland),
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['payout_channel_id']);
  });

  it('adds once for a retried request with the same Idempotency-Key', async () => {
    const { browser: other, customerId } = await newCustomer(testApp.app, db());
    const key = crypto.randomUUID();
    const send = () =>
      other.request('POST', addUrl(india), indianBank(india, 'Retried'), {
        'idempotency-key': key,
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    const rows = await db().select().from(recipients).where(eq(recipients.customer_id, customerId));
    expect(rows).toHaveLength(1);
  });
});

describe('person names, required fields by recipient type, Myself (issue 28)', () => {
  const personBody = (channel: PayoutChannel) => ({
    ...polishIban(channel),
    recipient_type: 'individual',
    name: 'Rahul',
    third_name: 'Sharma',
  });
  const NAME_RULE = 'Use letters, spaces, hyphens and apostrophes only.';

  it("refuses a digit in a person's name, on a bank account and a wallet", async () => {
    expect(await errorsOf(poland, { ...personBody(poland), name: 'Rahul1' })).toEqual({
      name: [NAME_RULE],
    });
    expect(await errorsOf(poland, { ...personBody(poland), third_name: 'Sharma2' })).toEqual({
      third_name: [NAME_RULE],
    });
    const wallet = { ...kenyanWallet(kenyaWallet, kenyaId), name: 'Rahul1' };
    expect(await errorsOf(kenyaWallet, wallet)).toEqual({ name: [NAME_RULE] });
    // A business's registered name may hold digits.
    const business = await add(poland, { ...polishIban(poland), name: 'Studio 54 Sp. z o.o.' });
    expect(business.name).toBe('Studio 54 Sp. z o.o.');
  });

  it('sends each field as it is for a person and a business, and requires what it marks', async () => {
    const field = (key: string) => poland.attributes.find((a) => a.attribute === key);
    const lastName = field('third_name');
    expect(lastName?.is_required).toBe(false);
    expect(lastName?.by_recipient_type?.individual).toMatchObject({
      is_required: true,
      label: 'Last name',
    });
    expect(field('name')?.by_recipient_type?.individual?.label).toBe('First name');
    const spanish = await channelOf(browser, db(), 'PL', 'BANK-ACCOUNT', 'es');
    expect(
      spanish.attributes.find((a) => a.attribute === 'name')?.by_recipient_type?.business?.label,
    ).toBe('Razón social');

    // An empty form is refused with every field the form marks required for the type, at once.
    const marked = (type: 'individual' | 'business') =>
      poland.attributes
        .map((attribute) => attributeFor(attribute, type))
        .filter((attribute) => attribute.is_required)
        .map((attribute) => attribute.attribute);
    for (const type of ['individual', 'business'] as const) {
      const errors = await errorsOf(poland, { recipient_type: type });
      expect(Object.keys(errors).sort()).toEqual([...marked(type), 'relationship_id'].sort());
    }
    expect(marked('individual')).toContain('third_name');
    expect(marked('business')).not.toContain('third_name');
  });

  it('accepts Myself as the relationship: the customer’s own account abroad', async () => {
    const mine = await add(poland, { ...personBody(poland), relationship_id: MYSELF });
    expect(mine.relationship).toMatchObject({ id: MYSELF, code: 'MYSELF', title: 'Myself' });
    expect(mine.whole_name).toBe('Rahul Sharma');
    // Read back as the form showed it to a person.
    expect(mine.account_detail_hashmap).toContainEqual({
      type: 'name',
      key: 'First name',
      value: 'Rahul',
    });
  });
});

describe('GET, edit and DELETE /client/v1/recipient/{id}', () => {
  it('reads a recipient, in Spanish too', async () => {
    const added = await add(india, indianBank(india));
    const response = await browser.get(apiPaths.recipient(added.id));
    expect(response.statusCode).toBe(200);
    expect(recipientSchema.parse(response.json())).toEqual(added);
    const spanish = await browser.request('GET', apiPaths.recipient(added.id), undefined, {
      'accept-language': 'es',
    });
    const spanishRecipient = recipientSchema.parse(spanish.json());
    expect(spanishRecipient.account_detail_hashmap.map((line) => line.key)).toContain(
      'Número de cuenta',
    );
    expect(spanishRecipient.relationship?.title).not.toBe(added.relationship?.title);
  });

  it('edits the values (the channel stays) and re-runs the name lookup', async () => {
    const added = await add(nigeria, nigerianBank(nigeria));
    const access = optionOf(nigeria, 'bank', '044');
    const edit = await browser.post(apiPaths.editRecipient(added.id), {
      ...nigerianBank(nigeria),
      bank: access,
      account_number: '0123456784',
      relationship_id: FRIEND,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = recipientSchema.parse(edit.json());
    const looked = await browser.get(
      `${apiPaths.nameLookup(nigeria.id)}?bank=${access}&account_number=0123456784`,
    );
    expect(edited).toMatchObject({
      id: added.id,
      name: looked.json().name,
      relationship: { id: FRIEND },
      channel: { id: nigeria.id },
      created_at: added.created_at,
    });
    expect(edited.account_detail.institution?.code).toBe('044');
    const refused = await browser.post(apiPaths.editRecipient(added.id), {
      ...nigerianBank(nigeria, NUBAN.notFound),
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['name']);
    const after = await browser.get(apiPaths.recipient(added.id));
    expect(after.json().name).toBe(looked.json().name);
  });

  it('edits once for a retried request with the same Idempotency-Key', async () => {
    const added = await add(india, indianBank(india, 'Meera'));
    const key = crypto.randomUUID();
    const send = () =>
      browser.request('POST', apiPaths.editRecipient(added.id), indianBank(india, 'Meena'), {
        'idempotency-key': key,
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().whole_name).toBe('Meena Rao');
    const second = await send();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
  });

  it('removes softly: 204, then 404 everywhere, the row kept with deleted_at', async () => {
    const added = await add(kenyaWallet, kenyanWallet(kenyaWallet, kenyaId));
    const removed = await browser.delete(apiPaths.recipient(added.id));
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await browser.get(apiPaths.recipient(added.id))).statusCode).toBe(404);
    expect(
      (await browser.post(apiPaths.editRecipient(added.id), kenyanWallet(kenyaWallet, kenyaId)))
        .statusCode,
    ).toBe(404);
    expect((await browser.delete(apiPaths.recipient(added.id))).statusCode).toBe(404);
    const list = await browser.get(`${apiPaths.recipients}?search=Wanjiku`);
    expect(list.json().data.map((r: Recipient) => r.id)).not.toContain(added.id);
    const whisper = await browser.get(`${apiPaths.recipientsWhisper}?search=Wanjiku`);
    expect(whisper.json().data.map((r: { id: string }) => r.id)).not.toContain(added.id);
    const [row] = await db().select().from(recipients).where(eq(recipients.id, added.id));
    expect(row?.deleted_at).toBeInstanceOf(Date);
    const live = await db()
      .select()
      .from(recipients)
      .where(and(eq(recipients.id, added.id), isNull(recipients.deleted_at)));
    expect(live).toEqual([]);
  });

  it('answers 404 for an unknown id or one that is not a UUID', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid', '1']) {
      expect((await browser.get(apiPaths.recipient(id))).statusCode).toBe(404);
      expect((await browser.post(apiPaths.editRecipient(id), {})).statusCode).toBe(404);
      expect((await browser.delete(apiPaths.recipient(id))).statusCode).toBe(404);
    }
  });
});
