import { isBlankText, textProblem, textProblemMessage } from '@corridor/contracts';
import { apiText } from '../../i18n/index.ts';
import type { ChannelAttribute, DeliveryOption } from './channels/index.ts';

/** Messages by error key: `name`, `mobile_number.number`, `confirm_account_number`. */
export type ErrorList = [key: string, message: string][];

/** "Account number" → "account number" inside a sentence; "IBAN" and "IFSC code" stay. */
export const inSentence = (label: string): string =>
  /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;

export const requiredMessage = (attribute: ChannelAttribute): string =>
  apiText('fields.required', { field: inSentence(attribute.label) });

/**
 * A submitted text by the contracts' text rules (packages/contracts/src/text.ts): trimmed, a
 * blank value empty, control and invisible characters refused.
 */
export function readText(
  raw: unknown,
  label: string,
): { text: string } | { empty: true } | { problem: string } {
  if (raw === undefined || raw === null) return { empty: true };
  if (typeof raw !== 'string') return { problem: apiText('fields.textOrNull') };
  const problem = textProblem(raw);
  if (problem !== null) return { problem: textProblemMessage(problem, inSentence(label)) };
  const text = raw.trim();
  return isBlankText(text) ? { empty: true } : { text };
}

const compiled = new Map<string, RegExp>();
function regexOf(source: string): RegExp {
  let regex = compiled.get(source);
  if (!regex) {
    regex = new RegExp(source, 'u');
    compiled.set(source, regex);
  }
  return regex;
}

/** The first problem with a text's length or pattern, as the browser checks them too. */
export function shapeProblem(attribute: ChannelAttribute, text: string): string | null {
  const field = inSentence(attribute.label);
  if (attribute.max_length !== null && text.length > attribute.max_length) {
    return apiText('fields.tooLong', { field, max: attribute.max_length });
  }
  if (attribute.regex_pattern !== null && !regexOf(attribute.regex_pattern).test(text)) {
    return attribute.regex_failure_message ?? apiText('fields.invalid');
  }
  if (attribute.min_length !== null && text.length < attribute.min_length) {
    return apiText('recipients.message.tooShort', { field, min: attribute.min_length });
  }
  if (attribute.exact_length !== null && text.length !== attribute.exact_length) {
    return apiText('recipients.message.exactLength', { field, length: attribute.exact_length });
  }
  return null;
}

/** The option a value names (ids compare without case), or undefined. */
export const optionNamed = (
  options: readonly DeliveryOption[],
  value: unknown,
): DeliveryOption | undefined =>
  typeof value === 'string'
    ? options.find((option) => option.id === value.trim().toLowerCase())
    : undefined;

export const chooseOptionMessage = (attribute: ChannelAttribute): string =>
  apiText('recipients.message.chooseOption', { field: inSentence(attribute.label) });
