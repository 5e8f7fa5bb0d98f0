import type { AttributeRule, ChannelAttribute } from './channel-types.ts';

/** An attribute before its place in the form: what differs from an empty field, and its rule. */
export type AttributeSpec = Partial<Omit<ChannelAttribute, 'view_order'>> &
  Pick<ChannelAttribute, 'type' | 'attribute' | 'label' | 'is_required'> & { rule?: AttributeRule };

const EMPTY: Omit<ChannelAttribute, 'type' | 'attribute' | 'label' | 'is_required' | 'view_order'> =
  {
    input_mode: null,
    context: null,
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
    options: [],
    by_recipient_type: null,
  };

/** The attribute with its keys in the original product's order (the order of its JSON). */
function inOriginalOrder(spec: Omit<AttributeSpec, 'rule'>, viewOrder: number): ChannelAttribute {
  const full = { ...EMPTY, ...spec };
  return {
    type: full.type,
    input_mode: full.input_mode,
    context: full.context,
    is_required: full.is_required,
    label: full.label,
    attribute: full.attribute,
    prefix_addon: full.prefix_addon,
    suffix_addon: full.suffix_addon,
    help_text: full.help_text,
    placeholder_text: full.placeholder_text,
    regex_pattern: full.regex_pattern,
    regex_failure_message: full.regex_failure_message,
    mask: full.mask,
    min_length: full.min_length,
    max_length: full.max_length,
    exact_length: full.exact_length,
    min_value: full.min_value,
    max_value: full.max_value,
    exact_value: full.exact_value,
    view_order: viewOrder,
    options: full.options,
    by_recipient_type: full.by_recipient_type,
  };
}

/** The form's attributes in the order given (view_order 1, 2, …) and their server rules. */
export function assemble(specs: readonly AttributeSpec[]): {
  attributes: ChannelAttribute[];
  rules: Record<string, AttributeRule>;
} {
  const rules: Record<string, AttributeRule> = {};
  const attributes = specs.map(({ rule, ...spec }, index) => {
    if (rule) rules[spec.attribute] = rule;
    return inOriginalOrder(spec, index + 1);
  });
  return { attributes, rules };
}
