import { describe, expect, it } from 'vitest';
import { translate } from '../../../i18n/index.ts';
import { checkIfsc } from '../formats/index.ts';
import {
  channelById,
  channelFor,
  channelResource,
  optionById,
  PAYOUT_METHODS_BY_TARGET,
  payoutChannels,
  subDeliveryOptions,
  TARGET_COUNTRIES,
  uuidV5,
  type PayoutChannel,
} from './index.ts';

/**
 * The keys of a channel attribute in the original product (docs/product/recipients.md#payout-channels), in its order,
 * then Corridor's own key after them (the field for each recipient type, issue 28).
 */
const ORIGINAL_KEYS = [
  'type',
  'input_mode',
  'context',
  'is_required',
  'label',
  'attribute',
  'prefix_addon',
  'suffix_addon',
  'help_text',
  'placeholder_text',
  'regex_pattern',
  'regex_failure_message',
  'mask',
  'min_length',
  'max_length',
  'exact_length',
  'min_value',
  'max_value',
  'exact_value',
  'view_order',
  'options',
  'by_recipient_type',
];

const channels = payoutChannels();
const named = channels.map((channel) => ({
  name: `${channel.country}/${channel.currency} ${channel.method}`,
  channel,
}));
const find = (country: string, method: string): PayoutChannel => {
  const channel = channels.find((c) => c.country === country && c.method === method);
  if (!channel) throw new Error(`no ${country} ${method}`);
  return channel;
};

describe('the targets and methods served', () => {
  it('are the twelve targets of issue 15, with their methods', () => {
    const methods = (code: string) =>
      TARGET_COUNTRIES.filter((country) =>
        (PAYOUT_METHODS_BY_TARGET[country].methods as readonly string[]).includes(code),
      ).sort();
    expect(TARGET_COUNTRIES).toHaveLength(12);
    expect(methods('BANK-ACCOUNT')).toEqual([...TARGET_COUNTRIES].sort());
    expect(methods('MOBILE-WALLET')).toEqual(['BD', 'GH', 'KE', 'NP', 'PH', 'PK']);
    expect(methods('CASH-PICKUP')).toEqual(['BD', 'IN', 'MX', 'NG', 'NP', 'PH', 'PK', 'VN']);
    expect(PAYOUT_METHODS_BY_TARGET.JP.methods).toEqual(['BANK-ACCOUNT']);
    expect(PAYOUT_METHODS_BY_TARGET.PL.methods).toEqual(['BANK-ACCOUNT']);
  });

  it('each have exactly one channel', () => {
    expect(channels).toHaveLength(26);
    for (const country of TARGET_COUNTRIES) {
      const { currency, methods } = PAYOUT_METHODS_BY_TARGET[country];
      for (const method of methods) {
        expect(channelFor(country.toLowerCase(), currency.toLowerCase(), method)?.method).toBe(
          method,
        );
      }
    }
    expect(channelFor('JP', 'JPY', 'CASH-PICKUP')).toBeUndefined();
    expect(channelFor('NG', 'USD', 'BANK-ACCOUNT')).toBeUndefined();
  });
});

describe('ids', () => {
  it('are version-5 UUIDs (RFC 9562), checked against the DNS example', () => {
    const dns = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
    expect(uuidV5('www.example.com', dns)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('are derived from what a channel or option is, so they survive a re-seed', () => {
    const nigeria = find('NG', 'BANK-ACCOUNT');
    expect(nigeria.id).toBe(uuidV5('channel/NG/NGN/BANK-ACCOUNT'));
    const gtbank = nigeria.attributes
      .find((a) => a.attribute === 'bank')
      ?.options.find((o) => o.code === '058');
    expect(gtbank?.id).toBe(uuidV5('bank/NG/058'));
    expect(channelById(nigeria.id.toUpperCase())).toBe(nigeria);
    expect(optionById(gtbank?.id ?? '')).toEqual(gtbank);
  });

  it('are unique across channels and options', () => {
    const options = channels.flatMap((c) =>
      c.attributes.flatMap((a) => a.options.map((o) => o.id)),
    );
    const ids = [...channels.map((c) => c.id), ...new Set(options)];
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.each(named)('$name', ({ channel }) => {
  it('has the original keys and Corridor’s one only, unique attribute keys and view orders 1, 2, …', () => {
    for (const attribute of channel.attributes)
      expect(Object.keys(attribute)).toEqual(ORIGINAL_KEYS);
    expect(new Set(channel.attributes.map((a) => a.attribute)).size).toBe(
      channel.attributes.length,
    );
    expect(channel.attributes.map((a) => a.view_order)).toEqual(
      channel.attributes.map((_, i) => i + 1),
    );
    expect(Object.keys(channelResource(channel))).toEqual(['id', 'configuration', 'attributes']);
  });

  it('has regexes that compile as plain sources, each with its message', () => {
    for (const { attribute, regex_pattern: source, regex_failure_message } of channel.attributes) {
      if (source === null) continue;
      expect(source, attribute).not.toMatch(/^\/|\/[a-z]*$/);
      expect(() => new RegExp(source), attribute).not.toThrow();
      expect(() => new RegExp(source, 'u'), attribute).not.toThrow();
      expect(regex_failure_message, attribute).toBeTruthy();
    }
  });

  it('asks the name, and the middle and last names unless the bank names the holder', () => {
    const types = channel.attributes.map((a) => a.type);
    expect(types).toContain('name');
    if (channel.configuration.name_lookup_requirements.length === 0) {
      expect(types).toEqual(expect.arrayContaining(['second_name', 'third_name']));
    }
  });

  it('names existing attributes in its configuration and rules', () => {
    const keys = channel.attributes.map((a) => a.attribute);
    for (const key of channel.configuration.name_lookup_requirements) expect(keys).toContain(key);
    for (const [key, rule] of Object.entries(channel.rules)) {
      expect(keys).toContain(key);
      const format = rule.format;
      if (format && 'bank' in format && format.bank !== null) expect(keys).toContain(format.bank);
      if (format?.kind === 'sub-option') expect(keys).toContain(format.parent);
      if (format?.kind === 'mobile') expect(format.country).toBe(channel.country);
    }
    if (channel.configuration.confirm_account_number) {
      expect(channel.attributes.some((a) => a.type === 'account_number')).toBe(true);
    }
  });

  it('offers at least two choices, unique by id and code, wherever it asks to choose', () => {
    for (const attribute of channel.attributes) {
      if (!['delivery_option', 'select'].includes(attribute.type)) {
        expect(attribute.options, attribute.attribute).toEqual([]);
        continue;
      }
      expect(attribute.options.length, attribute.attribute).toBeGreaterThan(1);
      expect(new Set(attribute.options.map((o) => o.code)).size).toBe(attribute.options.length);
    }
  });

  it('has every word in Spanish', () => {
    const texts = channel.attributes.flatMap((a) => [
      a.label,
      ...[a.help_text, a.regex_failure_message].filter((t): t is string => t !== null),
      ...(a.type === 'select' ? a.options.map((o) => o.title) : []),
    ]);
    for (const text of texts) expect(translate(text, 'es'), text).not.toBe(text);
  });
});

describe('the banks', () => {
  const bankCodes = (country: string) =>
    find(country, 'BANK-ACCOUNT')
      .attributes.find((a) => a.attribute === 'bank')
      ?.options.map((o) => o.code) ?? [];

  it('use the codes their account numbers carry', () => {
    for (const code of bankCodes('IN')) expect(checkIfsc(`${code}0000001`).ok, code).toBe(true);
    for (const code of bankCodes('NG')) expect(code).toMatch(/^[0-9]{3}$/);
    for (const code of bankCodes('MX')) expect(code).toMatch(/^[0-9]{3}$/);
    for (const code of bankCodes('PK')) expect(code).toMatch(/^[A-Z]{4}$/);
    for (const code of bankCodes('PL')) expect(code).toMatch(/^[0-9]{3}$/);
    for (const code of bankCodes('JP')) expect(code).toMatch(/^[0-9]{4}$/);
    for (const country of ['PH', 'KE', 'BD', 'NP', 'GH', 'VN']) {
      for (const code of bankCodes(country))
        expect(code).toMatch(new RegExp(`^[A-Z]{4}${country}[A-Z0-9]{2}$`));
    }
  });

  it('have branches where the channel asks for one, loaded by the bank', () => {
    for (const channel of channels) {
      const bank = channel.attributes.find((a) => a.attribute === 'bank');
      const asksBranch = channel.attributes.some((a) => a.type === 'sub_delivery_option');
      for (const option of bank?.options ?? []) {
        const branches = subDeliveryOptions(option.id) ?? [];
        expect(branches.length > 0, `${channel.country} ${option.title}`).toBe(asksBranch);
        for (const branch of branches) expect(optionById(branch.id)).toEqual(branch);
      }
    }
    const wallet = find('KE', 'MOBILE-WALLET').attributes.find((a) => a.type === 'delivery_option');
    expect(subDeliveryOptions(wallet?.options[0]?.id ?? '')).toEqual([]);
    expect(subDeliveryOptions('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});

describe('configuration', () => {
  it('looks up the Nigerian account holder, and asks other bank numbers without a check digit twice', () => {
    expect(find('NG', 'BANK-ACCOUNT').configuration).toEqual({
      recipient_type: null,
      confirm_account_number: false,
      name_lookup_requirements: ['account_number', 'bank'],
      name_validation_requirements: [],
    });
    const confirmed = channels
      .filter((c) => c.configuration.confirm_account_number)
      .map((c) => c.country);
    expect(confirmed.sort()).toEqual(['BD', 'GH', 'IN', 'JP', 'KE', 'NP', 'PH', 'VN']);
  });

  it('pays wallets and cash pickups to people, and bank accounts to people or businesses', () => {
    for (const channel of channels) {
      expect(channel.configuration.recipient_type).toBe(
        channel.method === 'BANK-ACCOUNT' ? null : 'individual',
      );
    }
  });
});
