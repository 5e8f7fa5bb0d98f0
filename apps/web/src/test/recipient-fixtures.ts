import {
  currencySchema,
  payoutChannelSchema,
  payoutMethodSchema,
  recipientListSchema,
  recipientSchema,
  referenceItemSchema,
  type ChannelAttribute,
  type Country,
  type Currency,
  type PayoutChannel,
  type PayoutMethod,
  type PayoutTarget,
  type Recipient,
  type RecipientAttributeValue,
  type RecipientList,
  type ReferenceItem,
} from '@corridor/contracts';
import { HttpResponse, http } from 'msw';
import { countryFixture, nigeria } from './fixtures';
import { server } from './msw-server';

// Recipients, payout targets, methods and channels as the server sends them (issue 15), checked
// against the contracts, with fixed ids so tests can send and expect them.

/** A fixed UUID: `kind` (1 hex digit) tells what it is, `n` which one. */
export function fixtureId(kind: number, n: number): string {
  return `0000000${kind.toString(16)}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export const india = countryFixture('IN', 'India', '91', 5);
export const philippines = countryFixture('PH', 'Philippines', '63', 6);
export const poland = countryFixture('PL', 'Poland', '48', 7);
export { nigeria };

export function currencyFixture(code: string, name: string, index: number): Currency {
  return currencySchema.parse({
    id: fixtureId(1, index),
    decimal_places: 2,
    iso_numeric: index,
    type: 'FIAT',
    crypto_code: null,
    iso_alpha: code,
    common_name: name,
    official_name: name,
    icon_unicode: code,
    code,
    salary_ranges: null,
  });
}

export const rupee = currencyFixture('INR', 'Indian rupee', 1);
export const naira = currencyFixture('NGN', 'Nigerian naira', 2);
export const peso = currencyFixture('PHP', 'Philippine peso', 3);
export const zloty = currencyFixture('PLN', 'Polish złoty', 4);

export const indiaTarget: PayoutTarget = { country: india, currency: rupee };
export const nigeriaTarget: PayoutTarget = { country: nigeria, currency: naira };
export const philippinesTarget: PayoutTarget = { country: philippines, currency: peso };
export const polandTarget: PayoutTarget = { country: poland, currency: zloty };
export const targetsFixture = [indiaTarget, nigeriaTarget, philippinesTarget, polandTarget];

export const bankMethod: PayoutMethod = payoutMethodSchema.parse({
  id: fixtureId(2, 1),
  code: 'BANK-ACCOUNT',
  title: 'Bank account',
  description: 'Straight into their bank account.',
  instruction: null,
  promo: null,
  sell_rate_formatted: null,
});
export const walletMethod: PayoutMethod = payoutMethodSchema.parse({
  id: fixtureId(2, 2),
  code: 'MOBILE-WALLET',
  title: 'Mobile wallet',
  description: 'To the wallet on their phone, in minutes.',
  instruction: null,
  promo: null,
  sell_rate_formatted: null,
});
export const cashMethod: PayoutMethod = payoutMethodSchema.parse({
  id: fixtureId(2, 3),
  code: 'CASH-PICKUP',
  title: 'Cash pickup',
  description: 'They collect cash at an agent near them.',
  instruction: null,
  promo: null,
  sell_rate_formatted: null,
});

/** An attribute with every key; `overrides` say what the test cares about. */
export function channelAttributeFixture(
  overrides: Partial<ChannelAttribute> & Pick<ChannelAttribute, 'attribute' | 'label'>,
): ChannelAttribute {
  return {
    type: 'text',
    input_mode: 'text',
    context: null,
    is_required: true,
    prefix_addon: null,
    suffix_addon: null,
    help_text: null,
    placeholder_text: null,
    regex_pattern: null,
    regex_failure_message: null,
    mask: null,
    min_length: null,
    max_length: null,
    exact_length: null,
    min_value: null,
    max_value: null,
    exact_value: null,
    view_order: 1,
    options: [],
    by_recipient_type: null,
    ...overrides,
  };
}

const configuration = {
  recipient_type: null,
  confirm_account_number: false,
  name_lookup_requirements: [],
  name_validation_requirements: [],
};

export const accessBank = { id: fixtureId(3, 1), code: '044', title: 'Access Bank' };
export const gtBank = { id: fixtureId(3, 2), code: '058', title: 'Guaranty Trust Bank' };
export const pkoBank = { id: fixtureId(3, 3), code: '102', title: 'PKO Bank Polski' };
export const stateBank = { id: fixtureId(3, 4), code: 'SBIN', title: 'State Bank of India' };
export const gcash = { id: fixtureId(3, 5), code: 'GCASH', title: 'GCash' };
export const mainBranch = { id: fixtureId(3, 6), code: 'MAIN', title: 'Main branch' };

const nameAttribute = (view_order: number) =>
  channelAttributeFixture({
    type: 'name',
    attribute: 'name',
    label: 'First name or business name',
    help_text: 'As it appears on their bank account.',
    regex_pattern: '^[^0-9_@#$%^&*()+=\\[\\]{}|\\\\/<>;:!?"~`]{1,100}$',
    regex_failure_message: 'Use letters only.',
    max_length: 100,
    view_order,
  });
const lastNameAttribute = (view_order: number) =>
  channelAttributeFixture({
    type: 'third_name',
    attribute: 'third_name',
    label: 'Last name',
    is_required: false,
    max_length: 100,
    view_order,
  });

const PERSON_NAME = {
  regex_pattern: '^[^0-9_@#$%^&*()+=\\[\\]{}|\\\\/<>;:!?"~`]{1,100}$',
  regex_failure_message: 'Use letters, spaces, hyphens and apostrophes only.',
};
/**
 * A bank account's names as the server sends them: a person's first and last names, both
 * required and by the person-name rule, or a business's registered name and no last name.
 */
const accountNames = () => [
  channelAttributeFixture({
    ...nameAttribute(1),
    regex_pattern: '^[^_@#$%^*+=\\[\\]{}|\\\\<>;:!?"~`]{1,100}$',
    regex_failure_message: "Use letters, digits, spaces and the signs & . , ' - ( ) / only.",
    help_text: 'As it appears on their bank account. For a business, its registered name.',
    by_recipient_type: {
      individual: {
        ...PERSON_NAME,
        is_required: true,
        label: 'First name',
        help_text: 'As it appears on their bank account.',
      },
      business: {
        is_required: true,
        label: 'Business name',
        help_text: 'Its registered name, as it appears on the bank account.',
        regex_pattern: '^[^_@#$%^*+=\\[\\]{}|\\\\<>;:!?"~`]{1,100}$',
        regex_failure_message: "Use letters, digits, spaces and the signs & . , ' - ( ) / only.",
      },
    },
  }),
  channelAttributeFixture({
    ...lastNameAttribute(2),
    ...PERSON_NAME,
    help_text: 'Their family name. Leave empty for a business.',
    by_recipient_type: {
      individual: {
        ...PERSON_NAME,
        is_required: true,
        label: 'Last name',
        help_text: 'Their family name.',
      },
      business: null,
    },
  }),
];

/** Nigeria's bank form: the account holder's name comes from the bank (name lookup). */
export const nubanChannel: PayoutChannel = payoutChannelSchema.parse({
  id: fixtureId(4, 1),
  configuration: { ...configuration, name_lookup_requirements: ['account_number', 'bank'] },
  attributes: [
    channelAttributeFixture({
      type: 'delivery_option',
      attribute: 'bank',
      label: 'Bank',
      help_text: 'The bank that holds their account.',
      input_mode: null,
      options: [accessBank, gtBank],
      view_order: 1,
    }),
    channelAttributeFixture({
      type: 'account_number',
      attribute: 'account_number',
      label: 'Account number',
      input_mode: 'numeric',
      regex_pattern: '^[0-9]{10}$',
      regex_failure_message: 'Enter the 10-digit account number.',
      exact_length: 10,
      view_order: 2,
    }),
    channelAttributeFixture({
      type: 'name',
      attribute: 'name',
      label: 'Account holder name',
      help_text: 'Filled in from their bank.',
      max_length: 100,
      view_order: 3,
    }),
  ],
});

/**
 * Poland's bank form: a person's or a business's names, an IBAN with its mask, no confirmation
 * (it has a check digit).
 */
export const ibanChannel: PayoutChannel = payoutChannelSchema.parse({
  id: fixtureId(4, 2),
  configuration,
  attributes: [
    ...accountNames(),
    channelAttributeFixture({
      type: 'delivery_option',
      attribute: 'bank',
      label: 'Bank',
      input_mode: null,
      options: [pkoBank],
      view_order: 3,
    }),
    channelAttributeFixture({
      type: 'account_number',
      attribute: 'iban',
      label: 'IBAN',
      help_text: 'Their 28-character IBAN, starting with PL.',
      placeholder_text: 'PL61 1090 1014 0000 0712 1981 2874',
      regex_pattern: '^[Pp][Ll][0-9]{2}( ?[0-9A-Za-z]{4}){6}$',
      regex_failure_message: 'Enter an IBAN of 28 characters starting with PL.',
      mask: 'PL00 0000 0000 0000 0000 0000 0000',
      min_length: 28,
      max_length: 34,
      view_order: 4,
    }),
  ],
});

/** The Philippines' wallet form: a person, a wallet provider and a mobile number. */
export const walletChannel: PayoutChannel = payoutChannelSchema.parse({
  id: fixtureId(4, 3),
  configuration: { ...configuration, recipient_type: 'individual' },
  attributes: [
    nameAttribute(1),
    lastNameAttribute(2),
    channelAttributeFixture({
      type: 'delivery_option',
      attribute: 'wallet_provider',
      label: 'Wallet provider',
      input_mode: null,
      options: [gcash],
      view_order: 3,
    }),
    channelAttributeFixture({
      type: 'mobile_number',
      attribute: 'mobile_number',
      label: 'Mobile number',
      input_mode: 'tel',
      help_text: 'The number registered with their wallet.',
      view_order: 4,
    }),
  ],
});

/** India's bank form: the account number typed twice, the IFSC, a branch under the bank. */
export const confirmChannel: PayoutChannel = payoutChannelSchema.parse({
  id: fixtureId(4, 4),
  configuration: { ...configuration, confirm_account_number: true },
  attributes: [
    nameAttribute(1),
    channelAttributeFixture({
      type: 'delivery_option',
      attribute: 'bank',
      label: 'Bank',
      input_mode: null,
      options: [stateBank],
      view_order: 2,
    }),
    channelAttributeFixture({
      type: 'sub_delivery_option',
      attribute: 'branch',
      label: 'Branch',
      input_mode: null,
      help_text: 'Choose the bank first.',
      view_order: 3,
    }),
    channelAttributeFixture({
      type: 'account_number',
      attribute: 'account_number',
      label: 'Account number',
      input_mode: 'numeric',
      regex_pattern: '^[0-9]{9,18}$',
      regex_failure_message: 'Enter from 9 to 18 digits, without spaces or letters.',
      min_length: 9,
      max_length: 18,
      view_order: 4,
    }),
  ],
});

export const relationshipsFixture: ReferenceItem[] = [
  ['FRIEND', 'Friend'],
  ['PARENT', 'Parent'],
  ['SIBLING', 'Brother or sister'],
].map(([code, title], index) =>
  referenceItemSchema.parse({ id: fixtureId(5, index + 1), code, title, description: null }),
);
export const friend = relationshipsFixture[0] as ReferenceItem;
export const parent = relationshipsFixture[1] as ReferenceItem;

export interface RecipientFixtureOptions {
  id?: string;
  name?: string;
  thirdName?: string | null;
  target?: PayoutTarget;
  method?: PayoutMethod;
  channel?: PayoutChannel;
  values?: Record<string, RecipientAttributeValue>;
  relationship?: ReferenceItem | null;
  recentTransactionAt?: string | null;
}

/** A saved recipient: the channel's attributes carrying `values`, names joined as the server does. */
export function recipientFixture(options: RecipientFixtureOptions = {}): Recipient {
  const {
    id = fixtureId(6, 1),
    name = 'Chidi',
    thirdName = 'Okafor',
    target = nigeriaTarget,
    method = bankMethod,
    channel = nubanChannel,
    relationship = friend,
    recentTransactionAt = null,
  } = options;
  const values: Record<string, RecipientAttributeValue> = {
    name: thirdName === null ? name : `${name} ${thirdName}`,
    account_number: '0123456789',
    bank: accessBank,
    ...options.values,
  };
  const attributes = channel.attributes.map((attribute) => ({
    ...attribute,
    value: values[attribute.attribute] ?? null,
  }));
  return recipientSchema.parse({
    id,
    recipient_type: 'individual',
    name,
    second_name: null,
    third_name: thirdName,
    whole_name: thirdName === null ? name : `${name} ${thirdName}`,
    relationship,
    channel: {
      ...channel,
      attributes,
      country: target.country,
      currency: target.currency,
      payout_method: method,
    },
    attributes,
    account_detail: { account_number: null, account_holder_name: null, institution: null },
    account_detail_hashmap: [],
    transaction_summary: {
      first_transaction_at: recentTransactionAt,
      recent_transaction_at: recentTransactionAt,
    },
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
  });
}

/** One page of recipients, as `GET /client/v1/recipients?page` answers. */
export function recipientListFixture(
  recipients: Recipient[],
  page = 1,
  totalPages = 1,
  perPage = 12,
): RecipientList {
  const link = (n: number) => `/client/v1/recipients?page=${n}`;
  return recipientListSchema.parse({
    data: recipients,
    pagination: {
      total: totalPages <= 1 ? recipients.length : perPage * (totalPages - 1) + recipients.length,
      count: recipients.length,
      per_page: perPage,
      current_page: page,
      total_pages: totalPages,
      links: {
        self: link(page),
        next: page < totalPages ? link(page + 1) : null,
        prev: page > 1 ? link(page - 1) : null,
      },
    },
  });
}

/** Countries the phone pickers list (with the test's targets). */
export const recipientCountriesFixture: Country[] = [india, nigeria, philippines, poland];

// --- the API, served by msw ------------------------------------------------------------------

export interface RecipientsApiOptions {
  /** What the list and `GET /recipient/{id}` serve; DELETE takes one out. */
  recipients?: Recipient[];
  perPage?: number;
  targets?: PayoutTarget[];
  /** The methods of a target by its country's id (every method by default). */
  methods?: Record<string, PayoutMethod[]>;
  /** The channel of a target and method; the NUBAN form by default. */
  channel?: (countryId: string, methodId: string) => PayoutChannel;
  /** The sub-options of a delivery option (branches); one main branch by default. */
  subOptions?: (optionId: string) => { id: string; code: string; title: string }[];
  /** The name lookup's answer to its query; a name from the account number by default. */
  lookup?: (query: URLSearchParams) => Response | { name: string };
  /** The answer to adding (`POST /recipients/add`); the new recipient by default. */
  add?: (body: Record<string, unknown>, query: URLSearchParams) => Response | Recipient;
  /** The answer to editing; the recipient as it was by default. */
  edit?: (id: string, body: Record<string, unknown>) => Response | Recipient;
}

export interface ServedRecipientsApi {
  /** The query of every `GET /recipients`, in order. */
  lists: URLSearchParams[];
  /** The query of every name lookup, in order. */
  lookups: URLSearchParams[];
  adds: { query: URLSearchParams; body: Record<string, unknown> }[];
  edits: { id: string; body: Record<string, unknown> }[];
  deletes: string[];
  subOptionRequests: string[];
  recipients: Recipient[];
}

const notFound = () => HttpResponse.json({ message: 'Not found.' }, { status: 404 });

/** Serves every call of the recipients screens and the add wizard, recording what was asked. */
export function serveRecipientsApi(options: RecipientsApiOptions = {}): ServedRecipientsApi {
  const perPage = options.perPage ?? 12;
  const served: ServedRecipientsApi = {
    lists: [],
    lookups: [],
    adds: [],
    edits: [],
    deletes: [],
    subOptionRequests: [],
    recipients: [...(options.recipients ?? [])],
  };
  const find = (id: string) => served.recipients.find((recipient) => recipient.id === id);
  server.use(
    http.get('/client/v1/recipients', ({ request }) => {
      const query = new URL(request.url).searchParams;
      served.lists.push(query);
      const search = (query.get('search') ?? '').toLowerCase();
      const page = Number(query.get('page') ?? '1');
      const matching = served.recipients.filter((recipient) =>
        recipient.whole_name.toLowerCase().includes(search),
      );
      const totalPages = Math.max(1, Math.ceil(matching.length / perPage));
      const shown = matching.slice((page - 1) * perPage, page * perPage);
      return HttpResponse.json(recipientListFixture(shown, page, totalPages, perPage));
    }),
    http.get('/client/v1/recipient/name-lookup/:channelId', ({ request }) => {
      const query = new URL(request.url).searchParams;
      served.lookups.push(query);
      const answer = options.lookup?.(query) ?? {
        name: `Holder of ${query.get('account_number') ?? ''}`,
      };
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
    http.get('/client/v1/recipient/:id', ({ params }) => {
      const recipient = find(String(params.id));
      return recipient === undefined ? notFound() : HttpResponse.json(recipient);
    }),
    http.delete('/client/v1/recipient/:id', ({ params }) => {
      const id = String(params.id);
      if (find(id) === undefined) return notFound();
      served.deletes.push(id);
      served.recipients = served.recipients.filter((recipient) => recipient.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/client/v1/recipients/add', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      const body = (await request.json()) as Record<string, unknown>;
      served.adds.push({ query, body });
      const answer =
        options.add?.(body, query) ?? recipientFixture({ id: fixtureId(6, 99), name: 'New' });
      if (answer instanceof Response) return answer;
      served.recipients.push(answer);
      return HttpResponse.json(answer, { status: 201 });
    }),
    http.post('/client/v1/recipient/edit/:id', async ({ params, request }) => {
      const id = String(params.id);
      const body = (await request.json()) as Record<string, unknown>;
      served.edits.push({ id, body });
      const current = find(id);
      if (current === undefined) return notFound();
      const answer = options.edit?.(id, body) ?? current;
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
    http.get('/client/v1/payout/targets', () =>
      HttpResponse.json({ data: options.targets ?? targetsFixture }),
    ),
    http.get('/client/v1/payout/methods', ({ request }) => {
      const countryId = new URL(request.url).searchParams.get('country_id') ?? '';
      const methods = options.methods?.[countryId] ?? [bankMethod, walletMethod];
      return HttpResponse.json({ data: methods });
    }),
    http.get('/client/v1/payout/channel', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const channel =
        options.channel?.(query.get('country_id') ?? '', query.get('payout_method_id') ?? '') ??
        nubanChannel;
      return HttpResponse.json(channel);
    }),
    http.get('/client/v1/resources/sub-delivery-options/:id', ({ params }) => {
      const id = String(params.id);
      served.subOptionRequests.push(id);
      return HttpResponse.json(options.subOptions?.(id) ?? [mainBranch]);
    }),
    http.get('/client/v1/resources/relationships', () =>
      HttpResponse.json({ data: relationshipsFixture }),
    ),
    http.get('/client/v1/countries', () => HttpResponse.json({ data: recipientCountriesFixture })),
  );
  return served;
}
