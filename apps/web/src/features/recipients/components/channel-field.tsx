import type { ChannelAttribute, DeliveryOption } from '@corridor/contracts';
import { InputBase, Loader, Radio, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { IMaskInput } from 'react-imask';
import { SearchSelect, type SelectOption } from '@/ui/search-select';

// Labels, hints, placeholders and pattern messages are the server's, already in the request's
// language (Accept-Language): shown as they come, never translated here.

export interface OptionSource {
  options: readonly DeliveryOption[];
  loading?: boolean;
  loadError?: { message: string; onRetry: () => void } | undefined;
  /** Why there is nothing to choose yet ("Choose the bank first"); the field waits. */
  waitingFor?: string | undefined;
}

export interface ChannelFieldProps {
  attribute: ChannelAttribute;
  /** Text as typed, or an option's id ('' for none). */
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Another label (the twin "Confirm account number"), with no hint of its own. */
  label?: string;
  /** The choices of a sub_delivery_option, loaded for the chosen delivery option. */
  optionSource?: OptionSource;
  /** Filled by the name lookup: read-only, with what the lookup is doing said beside it. */
  lookedUp?: { loading: boolean; announcement: string };
}

const toOptions = (options: readonly DeliveryOption[]): SelectOption[] =>
  options.map((option) => ({ value: option.id, label: option.title, keywords: [option.code] }));

/** The text box's extras: the prefix and suffix addons the server writes ("+679", "@"). */
function addons(attribute: ChannelAttribute) {
  const width = (text: string) => `calc(${Array.from(text).length}ch + 1.25rem)`;
  return {
    leftSection: attribute.prefix_addon ?? undefined,
    leftSectionWidth: attribute.prefix_addon ? width(attribute.prefix_addon) : undefined,
    rightSection: attribute.suffix_addon ?? undefined,
    rightSectionWidth: attribute.suffix_addon ? width(attribute.suffix_addon) : undefined,
  };
}

/**
 * One attribute of a payout channel as its input: a searchable list for delivery options and
 * selects, radios, or a text box with the server's input mode, mask, addons and length.
 */
export function ChannelField({
  attribute,
  value,
  error,
  onChange,
  onBlur,
  label = attribute.label,
  optionSource,
  lookedUp,
}: ChannelFieldProps) {
  const description = label === attribute.label ? attribute.help_text : undefined;
  switch (attribute.type) {
    case 'delivery_option':
    case 'sub_delivery_option':
    case 'select': {
      const source = optionSource ?? { options: attribute.options };
      return (
        <SearchSelect
          label={label}
          description={source.waitingFor ?? description}
          required={attribute.is_required}
          options={toOptions(source.options)}
          value={value === '' ? null : value}
          onChange={(next) => onChange(next ?? '')}
          onBlur={onBlur}
          disabled={source.waitingFor !== undefined}
          loading={source.loading}
          loadError={source.loadError}
          placeholder={attribute.placeholder_text ?? undefined}
          error={error}
        />
      );
    }
    case 'radio':
      return (
        <Radio.Group
          label={label}
          description={description}
          required={attribute.is_required}
          value={value}
          onChange={onChange}
          error={error}
        >
          <Stack gap="xs" mt="xs">
            {attribute.options.map((option) => (
              <Radio key={option.id} value={option.id} label={option.title} onBlur={onBlur} />
            ))}
          </Stack>
        </Radio.Group>
      );
    default:
      break;
  }
  const common = {
    label,
    description,
    placeholder: attribute.placeholder_text ?? undefined,
    required: attribute.is_required,
    inputMode: attribute.input_mode ?? undefined,
    // A recipient's details, not the customer's own: the browser has nothing to fill in.
    autoComplete: 'off',
    spellCheck: false,
    error,
    onBlur,
    ...addons(attribute),
  };
  if (lookedUp !== undefined) {
    return (
      <div>
        <TextInput
          {...common}
          readOnly
          value={value}
          rightSection={lookedUp.loading ? <Loader size="xs" /> : undefined}
        />
        <VisuallyHidden role="status">{lookedUp.announcement}</VisuallyHidden>
      </div>
    );
  }
  if (attribute.mask !== null && attribute.mask !== '') {
    return (
      <InputBase
        {...common}
        // react-imask reads the server's pattern: 0 a digit, a a letter, * either, the rest fixed.
        component={IMaskInput}
        mask={attribute.mask}
        value={value}
        onAccept={(masked: string) => onChange(masked)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      type={attribute.type === 'email' ? 'email' : 'text'}
      maxLength={attribute.max_length ?? undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
