import { z } from 'zod';

/**
 * The one definition of acceptable text for every text field of every request (issue 11,
 * defects 3 and 17). PostgreSQL refuses NUL in `text` (a 500), and control or format characters
 * make a value look like something it is not: a zero-width space or a Hangul filler passes as a
 * name, a right-to-left override reverses what is shown. Refused everywhere:
 *
 * - control characters (Unicode Cc: C0 including NUL and tab, DEL, C1 including U+0085), except
 *   `\n` and `\r\n` in a multiline field;
 * - format characters (Cf: zero-width spaces and joiners U+200B–U+200F (a joiner between two
 *   letters excepted), bidirectional embeddings,
 *   overrides and isolates U+202A–U+202E and U+2066–U+2069, U+2060–U+2064, U+FEFF, the soft
 *   hyphen U+00AD…) and the line and paragraph separators U+2028 and U+2029;
 * - unpaired UTF-16 surrogates (JSON can carry them; they are not text).
 *
 * A trimmed field is trimmed first; a value with nothing visible once whitespace and invisible
 * fillers are removed is blank: it becomes "" (so a required field is "required" and an optional
 * one is cleared). Everything else, any script, emoji, accents, is left alone.
 */

/** Cc, everything but the line feed. */
const CONTROL_EXCEPT_LINE_FEED = /[^\P{Cc}\n]/u;
const CONTROL = /\p{Cc}/u;
/** Cf, and U+2028/U+2029 (Zl, Zp), which break a line where no line break is allowed. */
const FORMAT = /[\p{Cf}\u2028\u2029]/u;
/**
 * The zero-width non-joiner and joiner between two letters are spelling, not hiding: Persian and
 * many Indic names need them (e.g. a ZWNJ in "نرگس‌سادات"). Anywhere else they are refused.
 */
const JOINER_BETWEEN_LETTERS = /(?<=[\p{L}\p{M}])[\u200C\u200D](?=[\p{L}\p{M}])/gu;
/** In a `u` regex an unpaired surrogate is a code point of category Cs; a valid pair is not. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * Letters, marks and symbols that draw nothing on their own (a code point range each, inclusive).
 * A value of only these and whitespace is blank.
 */
const INVISIBLE_FILLERS: readonly (readonly [from: number, to: number])[] = [
  [0x034f, 0x034f], // combining grapheme joiner
  [0x115f, 0x1160], // Hangul choseong and jungseong fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180d], // Mongolian free variation selectors (U+180E is Cf, refused)
  [0x180f, 0x180f],
  [0x2800, 0x2800], // braille pattern blank
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xe0100, 0xe01ef], // variation selectors supplement
];
const WHITESPACE = /^\s$/u;

const isInvisible = (character: string): boolean => {
  const code = character.codePointAt(0) ?? 0;
  return (
    WHITESPACE.test(character) || INVISIBLE_FILLERS.some(([from, to]) => code >= from && code <= to)
  );
};

export interface TextCharacterRules {
  /** `\n` (and `\r\n`) are allowed; every other control character is still refused. */
  multiline?: boolean;
  /**
   * Format characters (Cf) are allowed: for secrets only, where an emoji joined with U+200D is a
   * legitimate part of a password that is never shown (checklist C4).
   */
  allowFormatCharacters?: boolean;
}

/** What is wrong with the characters of a value. */
export type TextProblem = 'invisible' | 'malformed';

/**
 * The first problem with the characters of `value`, or null: `malformed` for an unpaired
 * surrogate, `invisible` for a control or format character the rules do not allow.
 */
export function textProblem(value: string, rules: TextCharacterRules = {}): TextProblem | null {
  if (UNPAIRED_SURROGATE.test(value)) return 'malformed';
  const control = rules.multiline
    ? CONTROL_EXCEPT_LINE_FEED.test(value.replaceAll('\r\n', '\n'))
    : CONTROL.test(value);
  if (control) return 'invisible';
  if (!rules.allowFormatCharacters && FORMAT.test(value.replace(JOINER_BETWEEN_LETTERS, ''))) {
    return 'invisible';
  }
  return null;
}

/** True when nothing visible is left once whitespace and invisible fillers are removed. */
export function isBlankText(value: string): boolean {
  for (const character of value) if (!isInvisible(character)) return false;
  return true;
}

/** What a text field answers; `field` names it ("first name"), or "This field" without one. */
export interface TextMessages {
  required: string;
  tooLong: string;
  invisible: string;
  malformed: string;
}

/** The message for a problem with the characters of a field ("This field" without a name). */
export function textProblemMessage(
  problem: TextProblem,
  field?: string,
  rules: TextCharacterRules = {},
): string {
  const subject = field === undefined ? 'This field' : `The ${field} field`;
  if (problem === 'malformed') return `${subject} must be valid Unicode text.`;
  const characters = rules.allowFormatCharacters
    ? 'control characters'
    : 'control or invisible characters';
  return `${subject} must not contain ${characters}.`;
}

export function textMessages(
  field: string | undefined,
  max: number,
  rules: TextCharacterRules = {},
): TextMessages {
  return {
    required: field === undefined ? 'This field is required.' : `The ${field} field is required.`,
    tooLong: `${field === undefined ? 'This field' : `The ${field}`} must not be longer than ${max} characters.`,
    invisible: textProblemMessage('invisible', field, rules),
    malformed: textProblemMessage('malformed', field, rules),
  };
}

export interface TextOptions extends TextCharacterRules {
  /** How messages name the field: "mobile number" → "The mobile number field is required.". */
  field?: string;
  /** Longest value, in UTF-16 code units, after trimming. */
  max: number;
  /** Default true: "" (and a blank value, when trimmed) is refused as "required". */
  required?: boolean;
  /**
   * Default true: surrounding whitespace is removed and a blank value becomes "". False for
   * passwords and tokens, which are compared exactly as received (checklist C5).
   */
  trim?: boolean;
  /** Replaces some of the messages, such as one message for every problem with a token. */
  messages?: Partial<TextMessages>;
}

/**
 * Marks every schema `text()` makes (a schema derived from one by adding checks inherits the
 * mark: zod registries follow `_zod.parent`). `request-text.test.ts` walks every request schema
 * and refuses a string field without it (issue 28, S6): a bare `z.string()` lets NUL reach
 * PostgreSQL, a 500.
 */
export const textRuleSchemas = z.registry<{ textRules: true }>();

/** True for a string schema built by `text()` (or derived from one). */
export const isTextRuleString = (schema: z.core.$ZodType): boolean =>
  textRuleSchemas.get(schema)?.textRules === true;

/**
 * A bounded text field, refusing control, format and unpaired surrogate characters with a 422.
 * Returns a plain `z.string()` schema, so it can be piped (`.pipe(z.email())`) or made nullable.
 */
export function text(options: TextOptions): z.ZodString {
  const { max, required = true, trim = true } = options;
  const rules: TextCharacterRules = {
    multiline: options.multiline ?? false,
    allowFormatCharacters: options.allowFormatCharacters ?? false,
  };
  const messages = { ...textMessages(options.field, max, rules), ...options.messages };
  let schema = z.string({ error: messages.required });
  if (trim) schema = schema.trim().overwrite((value) => (isBlankText(value) ? '' : value));
  if (rules.multiline) schema = schema.overwrite((value) => value.replaceAll('\r\n', '\n'));
  if (required) schema = schema.min(1, { error: messages.required });
  const checked = schema
    .max(max, { error: messages.tooLong })
    .refine((value) => textProblem(value, rules) !== 'malformed', { error: messages.malformed })
    .refine((value) => textProblem(value, rules) !== 'invisible', { error: messages.invisible });
  textRuleSchemas.add(checked, { textRules: true });
  return checked;
}
