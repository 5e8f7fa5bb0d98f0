import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { channelFor, type PayoutChannel } from './channels/index.ts';
import { createSandboxNameLookup, SANDBOX_LOOKUP_REFUSALS } from './name-lookup.ts';
import { SANDBOX_NAMES } from './sandbox-names.ts';

const nigeria = channelFor('NG', 'NGN', 'BANK-ACCOUNT') as PayoutChannel;
const bankId = (code: string) =>
  nigeria.attributes.find((a) => a.attribute === 'bank')?.options.find((o) => o.code === code)
    ?.id ?? '';
const lookup = createSandboxNameLookup();
const GTBANK = bankId('058');

describe('the sandbox account-name lookup', () => {
  it('names each account plausibly for its country, the same every time', async () => {
    const first = await lookup.lookUp(nigeria, { bank: GTBANK, account_number: '0123456785' });
    const again = await lookup.lookUp(nigeria, { bank: GTBANK, account_number: '0123456785' });
    expect(again).toEqual(first);
    expect('name' in first).toBe(true);
    if (!('name' in first)) return;
    const [given, family] = first.name.split(' ');
    expect(SANDBOX_NAMES.NG.given).toContain(given);
    expect(SANDBOX_NAMES.NG.family).toContain(family);
  });

  it('gives different accounts different names (spread over the lists)', async () => {
    const names = new Set<string>();
    for (let serial = 100; serial < 140; serial += 1) {
      const answer = await lookup.lookUp(nigeria, {
        bank: GTBANK,
        account_number: `0000000${serial}`,
      });
      if ('name' in answer) names.add(answer.name);
    }
    expect(names.size).toBeGreaterThan(20);
  });

  it.each([
    ['1234560000', 'We could not find this account. Check the bank and the account number.'],
    ['1234581111', 'This account is closed. Ask the recipient for another account.'],
    ['1234659999', 'The bank did not answer. Please try again in a few minutes.'],
  ])('refuses the documented test account %s', async (account, message) => {
    expect(await lookup.lookUp(nigeria, { bank: GTBANK, account_number: account })).toEqual({
      refused: message,
    });
    expect(translate(message, 'es')).not.toBe(message);
  });

  it('documents every refusal in docs/sandbox-providers.md', async () => {
    const { readFile } = await import('node:fs/promises');
    const doc = await readFile(
      new URL('../../../../../docs/sandbox-providers.md', import.meta.url),
      'utf8',
    );
    for (const { ending, message } of SANDBOX_LOOKUP_REFUSALS) {
      expect(doc).toContain(`\`${ending}\``);
      expect(doc).toContain(message);
    }
  });

  it('writes the family name first where accounts do', async () => {
    const vietnam = channelFor('VN', 'VND', 'BANK-ACCOUNT') as PayoutChannel;
    const answer = await lookup.lookUp(vietnam, { bank: 'any', account_number: '0071000123456' });
    const name = 'name' in answer ? answer.name : '';
    expect(SANDBOX_NAMES.VN.family.some((family) => name.startsWith(`${family} `))).toBe(true);
  });
});
