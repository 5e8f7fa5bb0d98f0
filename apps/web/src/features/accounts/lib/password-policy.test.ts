import { describe, expect, it } from 'vitest';
import { passwordPolicyFixture } from '@/test/fixtures';
import { evaluatePasswordPolicy, ruleRegex } from './password-policy';

function states(password: string, policy = passwordPolicyFixture()) {
  return Object.fromEntries(
    evaluatePasswordPolicy(policy, password).map((rule) => [rule.name, rule.state]),
  );
}

describe('ruleRegex', () => {
  it('removes the leading and trailing slashes (docs/product/web-app.md#forms-and-validation)', () => {
    expect(ruleRegex('/[A-Z]/')?.source).toBe('[A-Z]');
    expect(ruleRegex('/[^A-Za-z0-9]/')?.test('!')).toBe(true);
  });

  it('keeps flags after the closing slash, but never the stateful g or y', () => {
    const regex = ruleRegex('/[a-z]/gi');
    expect(regex?.flags).toBe('i');
    expect(regex?.test('A')).toBe(true);
    expect(regex?.test('A')).toBe(true);
  });

  it('takes a bare pattern as it is', () => {
    expect(ruleRegex('[0-9]')?.test('7')).toBe(true);
  });

  it.each([null, '', '/[A-Z/'])('gives null for %j, which the client cannot judge', (source) => {
    expect(ruleRegex(source)).toBeNull();
  });
});

describe('evaluatePasswordPolicy', () => {
  it('lists only the enabled rules, in order, with the server text', () => {
    expect(evaluatePasswordPolicy(passwordPolicyFixture(), '')).toEqual([
      { name: 'length', message: 'At least 12 characters', state: 'neutral' },
      { name: 'uppercase', message: 'At least one uppercase letter', state: 'neutral' },
      { name: 'lowercase', message: 'At least one lowercase letter', state: 'neutral' },
      { name: 'digits', message: 'At least one number', state: 'neutral' },
    ]);
  });

  it('is neutral for every rule while nothing is typed', () => {
    expect(new Set(Object.values(states('')))).toEqual(new Set(['neutral']));
  });

  it('marks each rule met or unmet as the password grows', () => {
    expect(states('a')).toEqual({
      length: 'unmet',
      uppercase: 'unmet',
      lowercase: 'met',
      digits: 'unmet',
    });
    expect(states('aB3')).toEqual({
      length: 'unmet',
      uppercase: 'met',
      lowercase: 'met',
      digits: 'met',
    });
    expect(states('Correct horse 9')).toEqual({
      length: 'met',
      uppercase: 'met',
      lowercase: 'met',
      digits: 'met',
    });
  });

  it('meets the length rule at exactly the policy value, counting characters not UTF-16 units', () => {
    expect(states('a'.repeat(11)).length).toBe('unmet');
    expect(states('a'.repeat(12)).length).toBe('met');
    // Eleven emoji are 22 UTF-16 code units but 11 characters.
    expect(states('😀'.repeat(11)).length).toBe('unmet');
  });

  it('checks an enabled wildcard rule and leaves a rule it cannot read neutral', () => {
    const policy = passwordPolicyFixture();
    policy.wildcard.value = true;
    policy.digits.regex = '/[0-9/';
    expect(states('abc', policy)).toMatchObject({ wildcard: 'unmet', digits: 'neutral' });
    expect(states('abc!', policy)).toMatchObject({ wildcard: 'met', digits: 'neutral' });
  });
});
