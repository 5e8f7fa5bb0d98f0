import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
} from './auth.ts';
import { attributeValuesSchema, updateMobileNumberRequestSchema } from './onboarding.ts';
import { isBlankText, text, textProblem } from './text.ts';

const name = text({ field: 'name', max: 100 });
const middleName = text({ field: 'middle name', max: 100, required: false });
const notes = text({ field: 'notes', max: 500, multiline: true });
const secret = text({ field: 'password', max: 1024, trim: false, allowFormatCharacters: true });

/** The messages of a refused value, or the parsed value when accepted. */
function outcome(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? { value: result.data }
    : { messages: result.error.issues.map((issue) => issue.message) };
}

const INVISIBLE = 'The name field must not contain control or invisible characters.';
const REQUIRED = 'The name field is required.';
const hex = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Every C0 control, DEL, and every C1 control. */
const controls = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, offset) => String.fromCharCode(0x7f + offset)),
];

const formatCharacters = {
  'soft hyphen': '\u00AD',
  'Arabic letter mark': '\u061C',
  'Mongolian vowel separator': '\u180E',
  'zero-width space': '\u200B',
  'zero-width non-joiner': '\u200C',
  'zero-width joiner': '\u200D',
  'left-to-right mark': '\u200E',
  'right-to-left mark': '\u200F',
  'left-to-right embedding': '\u202A',
  'right-to-left embedding': '\u202B',
  'pop directional formatting': '\u202C',
  'left-to-right override': '\u202D',
  'right-to-left override': '\u202E',
  'word joiner': '\u2060',
  'invisible times': '\u2062',
  'invisible plus': '\u2064',
  'left-to-right isolate': '\u2066',
  'right-to-left isolate': '\u2067',
  'first strong isolate': '\u2068',
  'pop directional isolate': '\u2069',
  'byte order mark': '\uFEFF',
  'interlinear annotation anchor': '\uFFF9',
  'language tag': '\u{E0001}',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
};

describe('defect 3: control characters in text fields', () => {
  it('defect 3: a NUL byte in a name is a 422 message, not a value the database refuses', () => {
    for (const value of ['\u0000', 'Ada\u0000', '\u0000Ada', 'Ada\u0000Lovelace'])
      expect(outcome(name, value), JSON.stringify(value)).toEqual({ messages: [INVISIBLE] });
  });

  it.each(controls.map((character) => [hex(character), character]))(
    'defect 3: the control character %s is refused inside a value',
    (_, character) => {
      expect(outcome(name, `Ada${character}Lovelace`)).toEqual({ messages: [INVISIBLE] });
      expect(outcome(middleName, `Ada${character}Lovelace`)).toEqual({
        messages: ['The middle name field must not contain control or invisible characters.'],
      });
    },
  );

  it('defect 3: a multiline field allows \\n and \\r\\n (stored as \\n), and no other control', () => {
    expect(outcome(notes, 'Line one\nLine two')).toEqual({ value: 'Line one\nLine two' });
    expect(outcome(notes, 'Line one\r\nLine two')).toEqual({ value: 'Line one\nLine two' });
    const refused = {
      messages: ['The notes field must not contain control or invisible characters.'],
    };
    for (const character of [
      '\u0000',
      '\t',
      '\r',
      '\u000B',
      '\u000C',
      '\u0085',
      '\u2028',
      '\u2029',
    ])
      expect(outcome(notes, `Line one${character}Line two`), hex(character)).toEqual(refused);
    // A single-line field refuses the line feed itself.
    expect(outcome(name, 'Ada\nLovelace')).toEqual({ messages: [INVISIBLE] });
    expect(outcome(name, 'Ada\r\nLovelace')).toEqual({ messages: [INVISIBLE] });
  });

  it('defect 3: an unpaired surrogate is refused; a valid pair (an emoji) is text', () => {
    const malformed = { messages: ['The name field must be valid Unicode text.'] };
    expect(outcome(name, 'Ada\uD800')).toEqual(malformed);
    expect(outcome(name, '\uDC00Ada')).toEqual(malformed);
    expect(outcome(name, 'Ada \u{1F600}')).toEqual({ value: 'Ada \u{1F600}' });
    expect(outcome(secret, 'Password\uD83D')).toEqual({
      messages: ['The password field must be valid Unicode text.'],
    });
  });

  it('defect 3: a value that is not a string is "required"; one too long names its limit', () => {
    expect(outcome(name, 42)).toEqual({ messages: [REQUIRED] });
    expect(outcome(name, undefined)).toEqual({ messages: [REQUIRED] });
    expect(outcome(name, 'x'.repeat(101))).toEqual({
      messages: ['The name must not be longer than 100 characters.'],
    });
    expect(outcome(text({ max: 5 }), 'abcdef\u0000')).toEqual({
      messages: [
        'This field must not be longer than 5 characters.',
        'This field must not contain control or invisible characters.',
      ],
    });
  });
});

describe('defect 17: invisible text is not a name', () => {
  it('defect 17: a zero-width space, a Hangul filler, tabs and newlines, a right-to-left override and U+0085 are not a name', () => {
    const cases: [label: string, value: string, messages: string[]][] = [
      ['zero-width space', '\u200B', [INVISIBLE]],
      ['two zero-width spaces', '\u200B\u200B', [INVISIBLE]],
      ['Hangul filler U+3164', '\u3164', [REQUIRED]],
      ['Hangul choseong filler U+115F', '\u115F', [REQUIRED]],
      ['Hangul jungseong filler U+1160', '\u1160', [REQUIRED]],
      ['halfwidth Hangul filler U+FFA0', '\uFFA0', [REQUIRED]],
      ['braille blank U+2800', '\u2800', [REQUIRED]],
      ['fillers and spaces', ' \u3164 \uFFA0\u00A0\u3000', [REQUIRED]],
      ['a tab', '\t', [REQUIRED]],
      ['a newline', '\n', [REQUIRED]],
      ['tabs and newlines', '\t\n\r\n\t', [REQUIRED]],
      ['a tab inside', 'Ada\tLovelace', [INVISIBLE]],
      ['a newline inside', 'Ada\nLovelace', [INVISIBLE]],
      ['a right-to-left override', '\u202E', [INVISIBLE]],
      ['a right-to-left override inside', 'Ada\u202Eecalevol', [INVISIBLE]],
      ['U+0085 (next line)', '\u0085', [INVISIBLE]],
      ['U+0085 inside', 'Ada\u0085', [INVISIBLE]],
      ['a zero-width space around a filler', '\u200B\u3164\u200B', [INVISIBLE]],
    ];
    for (const [label, value, messages] of cases)
      expect(outcome(name, value), label).toEqual({ messages });
  });

  it.each(Object.entries(formatCharacters))(
    'defect 17: the format character "%s" is refused',
    (_, character) => {
      expect(textProblem(`Ada${character}`)).toBe('invisible');
      expect(outcome(name, `Ada${character} Lovelace`)).toEqual({ messages: [INVISIBLE] });
      expect(outcome(name, character)).toEqual({
        // Trimming removes U+2028, U+2029 and U+FEFF at either end: alone they leave nothing.
        messages: [character.trim() === '' ? REQUIRED : INVISIBLE],
      });
    },
  );

  it('a zero-width joiner or non-joiner between two letters is spelling (Persian, Indic names)', () => {
    expect(textProblem('نرگس\u200Cسادات')).toBeNull();
    expect(textProblem('क्\u200Dष')).toBeNull();
    expect(outcome(name, 'نرگس\u200Cسادات')).toEqual({ value: 'نرگس\u200Cسادات' });
    // Not between letters, it hides something: refused.
    for (const value of ['\u200CAda', 'Ada\u200D', 'Ada \u200C Lovelace', '\u200C\u200D']) {
      expect(textProblem(value), value).toBe('invisible');
    }
  });

  it('defect 17: an optional field that is blank once fillers are removed is cleared ("")', () => {
    for (const value of ['', '   ', '\u3164', '\t\u1160\n', '\u2800\uFFA0'])
      expect(outcome(middleName, value), JSON.stringify(value)).toEqual({ value: '' });
    expect(outcome(middleName, '\u200B')).toEqual({
      messages: ['The middle name field must not contain control or invisible characters.'],
    });
  });

  it('defect 17: isBlankText sees whitespace and fillers only; a visible character is not blank', () => {
    for (const blank of ['', ' ', '\u3164', '\u115F\u1160', '\uFFA0', '\u2800', '\u00A0\u3000'])
      expect(isBlankText(blank), JSON.stringify(blank)).toBe(true);
    for (const visible of ['a', '\u3164a', '.', '\u{1F600}', '李'])
      expect(isBlankText(visible), visible).toBe(false);
  });
});

describe('text accepts real names and addresses', () => {
  it('accepts any script, accents, apostrophes and emoji, trimmed', () => {
    for (const value of [
      "O'Brien",
      'Zoë',
      'Nguyễn Thị Minh Khai',
      '李小龍',
      'محمد',
      'Ольга',
      '김민준',
      'श्रीनिवास',
      'José María',
      '10 Downing Street',
    ])
      expect(outcome(name, value), value).toEqual({ value });
    expect(outcome(name, '  Ada Lovelace \u00A0')).toEqual({ value: 'Ada Lovelace' });
    // A Hangul filler inside a real name is left alone: only a blank value is refused.
    expect(outcome(name, 'Ada\u3164Lovelace')).toEqual({ value: 'Ada\u3164Lovelace' });
  });

  it('a secret is never trimmed, allows format characters (an emoji joined with U+200D), refuses controls', () => {
    expect(outcome(secret, ' Tr4vel Money ')).toEqual({ value: ' Tr4vel Money ' });
    const family = 'Family \u{1F468}\u200D\u{1F469}\u200D\u{1F467} 2025';
    expect(outcome(secret, family)).toEqual({ value: family });
    for (const character of ['\u0000', '\t', '\n', '\u007F', '\u0085'])
      expect(outcome(secret, `Tr4vel${character}Money`), hex(character)).toEqual({
        messages: ['The password field must not contain control characters.'],
      });
  });
});

describe('every request text field uses the shared rules (defects 3 and 17)', () => {
  const uuid = '4f9d3c1e-0000-4000-8000-000000000001';
  const password = 'Tr4vel-Money-Home';
  const signup = { email: 'ada@example.com', password, confirm_password: password };
  const reset = { token: 'abc123', password, confirm_password: password };
  const change = { current_password: password, password, confirm_password: password };
  const mobile = { mobile_number_country_id: uuid, mobile_number: '07700 900123' };
  const cases: [
    endpoint: string,
    field: string,
    parser: z.ZodType,
    body: object,
    secret: boolean,
  ][] = [
    ['signup', 'email', signupRequestSchema, signup, false],
    ['signup', 'password', signupRequestSchema, signup, true],
    ['signup', 'confirm_password', signupRequestSchema, signup, true],
    ['login', 'email', loginRequestSchema, { email: 'ada@example.com', password }, false],
    ['login', 'password', loginRequestSchema, { email: 'ada@example.com', password }, true],
    ['forgot password', 'email', forgotPasswordRequestSchema, { email: 'ada@example.com' }, false],
    ['reset password', 'token', resetPasswordRequestSchema, reset, false],
    ['reset password', 'password', resetPasswordRequestSchema, reset, true],
    ['reset password', 'confirm_password', resetPasswordRequestSchema, reset, true],
    ['change password', 'current_password', changePasswordRequestSchema, change, true],
    ['change password', 'password', changePasswordRequestSchema, change, true],
    ['change password', 'confirm_password', changePasswordRequestSchema, change, true],
    ['mobile number', 'mobile_number', updateMobileNumberRequestSchema, mobile, false],
    ['attributes', 'name', attributeValuesSchema, { name: 'Ada' }, false],
    ['attributes', 'third_name', attributeValuesSchema, { name: 'Ada' }, false],
  ];
  const withSuffix = (body: object, field: string, suffix: string) => {
    const value = (body as Record<string, unknown>)[field];
    return { ...body, [field]: `${typeof value === 'string' ? value : 'Ada'}${suffix}` };
  };

  it.each(cases)('%s: %s refuses a NUL byte', (_, field, parser, body) => {
    expect(parser.safeParse(body).success).toBe(true);
    const result = parser.safeParse(withSuffix(body, field, '\u0000'));
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });

  it.each(cases)(
    '%s: %s refuses a zero-width space inside, unless it is a secret',
    (_, field, parser, body, isSecret) => {
      const result = parser.safeParse(withSuffix(body, field, '\u200Bx'));
      expect(result.success).toBe(isSecret);
    },
  );

  it('attributes: nested values (address line, city) and keys refuse control and invisible text', () => {
    const refused = (body: unknown) =>
      attributeValuesSchema
        .safeParse(body)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    const invisible = 'This field must not contain control or invisible characters.';
    expect(refused({ address: { address_line_1: '10 Downing\u0000 Street' } })).toEqual([
      ['address.address_line_1', invisible],
    ]);
    expect(refused({ address: { city: '\u200BLondon' } })).toEqual([['address.city', invisible]]);
    expect(refused({ address: { city: 'London\u202E' }, name: '\u0085' })).toEqual([
      ['address.city', invisible],
      ['name', invisible],
    ]);
    const badKey = 'The attribute name field must not contain control or invisible characters.';
    expect(refused({ 'name\u0000': 'Ada' })).toEqual([['name\u0000', badKey]]);
    expect(refused({ address: { 'city\u200B': 'London' } })).toEqual([['address', badKey]]);
    // Values are trimmed and a blank one becomes "": the catalogue decides whether it is required.
    expect(
      attributeValuesSchema.parse({
        name: ' Ada ',
        second_name: '\u3164',
        address: { city: null },
      }),
    ).toEqual({ name: 'Ada', second_name: '', address: { city: null } });
  });
});
