import type { PasswordPolicy } from '@corridor/contracts';

/** A rule is met, not met, or neutral while nothing has been typed (docs/product/routes-and-screens.md#sign-up-screen). */
export type RuleState = 'met' | 'unmet' | 'neutral';

export interface RuleResult {
  readonly name: keyof PasswordPolicy;
  /** The rule's text, as the server wrote it. */
  readonly message: string;
  readonly state: RuleState;
}

const patternRules = ['uppercase', 'lowercase', 'digits', 'wildcard'] as const;

/**
 * The server's rule regex as a RegExp. docs/product/web-app.md#forms-and-validation: the leading and trailing slashes are removed
 * ("/[A-Z]/" → /[A-Z]/); trailing flags after the last slash ("/[a-z]/i") are kept. Null when
 * there is no regex or it does not compile, so the client never judges a rule it cannot read.
 */
export function ruleRegex(source: string | null): RegExp | null {
  if (source === null || source === '') return null;
  const literal = /^\/(.*)\/([dgimsuvy]*)$/s.exec(source);
  try {
    // A stateful flag (g, y) would make test() depend on the previous call.
    return literal === null
      ? new RegExp(source)
      : new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/g, ''));
  } catch {
    return null;
  }
}

/**
 * The enabled rules of the policy in the order the server lists them, each met, unmet or
 * neutral. Length is met when the password has at least `length.value` characters (counted as
 * code points, like the server); the others when their regex matches.
 */
export function evaluatePasswordPolicy(policy: PasswordPolicy, password: string): RuleResult[] {
  const empty = password === '';
  const state = (met: boolean | null): RuleState =>
    empty || met === null ? 'neutral' : met ? 'met' : 'unmet';

  const results: RuleResult[] = [
    {
      name: 'length',
      message: policy.length.message,
      state: state([...password].length >= policy.length.value),
    },
  ];
  for (const name of patternRules) {
    const rule = policy[name];
    if (!rule.value) continue;
    const regex = ruleRegex(rule.regex);
    results.push({
      name,
      message: rule.message,
      state: state(regex === null ? null : regex.test(password)),
    });
  }
  return results;
}
