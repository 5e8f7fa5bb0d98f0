import { describe, expect, it } from 'vitest';
import { PERSON_NAME_PATTERN } from './customer.ts';
import { attributeFor, channelAttributeSchema } from './payout-channels.ts';

const lastName = channelAttributeSchema.parse({
  type: 'third_name',
  input_mode: 'text',
  context: null,
  is_required: false,
  label: 'Last name',
  attribute: 'third_name',
  prefix_addon: null,
  suffix_addon: null,
  help_text: 'Their family name. Leave empty for a business.',
  placeholder_text: null,
  regex_pattern: PERSON_NAME_PATTERN,
  regex_failure_message: 'Use letters, spaces, hyphens and apostrophes only.',
  mask: null,
  min_length: null,
  max_length: 100,
  exact_length: null,
  min_value: null,
  max_value: null,
  exact_value: null,
  view_order: 3,
  options: [],
  by_recipient_type: {
    individual: {
      is_required: true,
      label: 'Last name',
      help_text: 'Their family name.',
      regex_pattern: PERSON_NAME_PATTERN,
      regex_failure_message: 'Use letters, spaces, hyphens and apostrophes only.',
    },
    business: null,
  },
});

describe('attributeFor', () => {
  it('reads a field as it is for a person, a business, or a type not known yet', () => {
    expect(attributeFor(lastName, 'individual')).toMatchObject({
      is_required: true,
      help_text: 'Their family name.',
      attribute: 'third_name',
    });
    expect(attributeFor(lastName, 'business')).toBe(lastName);
    expect(attributeFor(lastName, null)).toBe(lastName);
  });

  it('reads a channel without the key (the original product’s) as the same for both', () => {
    const { by_recipient_type: _omitted, ...original } = lastName;
    const parsed = channelAttributeSchema.parse(original);
    expect(parsed.by_recipient_type).toBeNull();
    expect(attributeFor(parsed, 'individual')).toBe(parsed);
  });
});

describe('PERSON_NAME_PATTERN', () => {
  it('takes letters of any script, spaces, hyphens and apostrophes; refuses digits', () => {
    const name = new RegExp(PERSON_NAME_PATTERN, 'u');
    for (const ok of ['Rahul', "O'Brien", 'Anne-Marie', 'José Álvarez', 'Ngozi', '王芳']) {
      expect(name.test(ok), ok).toBe(true);
    }
    for (const refused of ['Rahul1', 'R2D2', 'a@b', '']) {
      expect(name.test(refused), refused).toBe(false);
    }
  });
});
