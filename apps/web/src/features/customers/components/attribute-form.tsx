import type { Attribute, AttributeCategory, Customer } from '@corridor/contracts';
import { InputBase, Select, Stack, Text, TextInput, type ComboboxProps } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { IMaskInput } from 'react-imask';
import { CountrySelect, countriesMessages, useCountries } from '@/features/countries';
import { useLocale, useT } from '@/i18n';
import { formErrors } from '@/lib/form-errors';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useUpdateAttributes } from '../api/update-attributes';
import { autocompleteFor, inputModeFor, orderedOptions } from '../lib/attribute-inputs';
import {
  attributeError,
  initialValues,
  latestBirthDate,
  nestValues,
  type AttributeMessages,
} from '../lib/attribute-values';
import { customersMessages } from '../messages';
import { FormSaveFooter } from './form-save-footer';

export interface AttributeFormProps {
  category: AttributeCategory;
  /** The attributes of this category, as the server listed them on the customer. */
  attributes: readonly Attribute[];
  submitLabel: string;
  /** Said (politely) after a save, for forms that stay on screen. */
  savedMessage?: string;
  onSaved?: (customer: Customer) => void;
  /**
   * Asks before saving a change to any of `attributes` (their dotted names): what the change
   * means, and the action's own verb. Without it, or with none of them changed, it saves.
   */
  confirmChangeOf?: {
    attributes: readonly string[];
    title: string;
    message: string;
    confirmLabel: string;
  };
}

interface FieldProps {
  attribute: Attribute;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * The dropdown of a select attribute placed against the viewport (`position: fixed`) rather
 * than the page (issue 14, defect 3). Mantine measures a closed dropdown while hidden, so its
 * first frame runs off the right edge; on a phone that widens the page, scrolls the field out
 * of view and hides the list as detached. A fixed element never widens the page. (Countries
 * use the design system's picker, a dialog, instead.)
 */
const phoneSafeComboboxProps = {
  floatingStrategy: 'fixed',
} as const satisfies ComboboxProps;

// Labels, hints, placeholders and pattern messages are the server's, already in the request's
// language (Accept-Language): shown as they come, never translated here.

function CountryAttributeField({ attribute, value, error, onChange, onBlur }: FieldProps) {
  const t = useT(countriesMessages);
  const countries = useCountries();
  return (
    <CountrySelect
      label={attribute.label}
      description={attribute.info_text}
      placeholder={attribute.placeholder_text ?? undefined}
      required={attribute.is_required}
      countries={countries.data ?? []}
      loading={countries.data === undefined && countries.isPending}
      loadError={
        countries.data === undefined && countries.error !== null
          ? { message: t('select.loadFailed'), onRetry: countries.retry }
          : undefined
      }
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      error={error}
    />
  );
}

function AttributeField(props: FieldProps) {
  const { attribute, value, error, onChange, onBlur } = props;
  const t = useT(customersMessages);
  const locale = useLocale();
  const common = {
    label: attribute.label,
    description: attribute.info_text,
    placeholder: attribute.placeholder_text ?? undefined,
    required: attribute.is_required,
    // Typing stops at the limit; a longer value stored before is told by attributeError.
    maxLength: attribute.max_length ?? undefined,
    autoComplete: autocompleteFor(attribute),
    error,
    onBlur,
  };
  switch (attribute.input_mode) {
    case 'country':
      return <CountryAttributeField {...props} />;
    case 'select':
      return (
        <Select
          {...common}
          searchable
          nothingFoundMessage={t('field.nothingMatches')}
          comboboxProps={phoneSafeComboboxProps}
          data={orderedOptions(attribute, locale)}
          value={value === '' ? null : value}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          max={attribute.attribute.endsWith('birth_date') ? latestBirthDate() : undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'text':
      if (attribute.mask !== null && attribute.mask !== '') {
        return (
          <InputBase
            {...common}
            inputMode={inputModeFor(attribute)}
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
          inputMode={inputModeFor(attribute)}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/**
 * A form of the attributes one category of the customer's country asks for (docs/product/api-conventions.md#countries-and-currencies, docs/product/web-app.md#forms-and-validation): the
 * server's labels, hints, masks and patterns; its 422 messages under their fields (keyed by the
 * dotted attribute name). Saving stores the customer the server returns.
 */
export function AttributeForm({
  category,
  attributes,
  submitLabel,
  savedMessage,
  onSaved,
  confirmChangeOf,
}: AttributeFormProps) {
  const t = useT(customersMessages);
  const say: AttributeMessages = {
    required: (label) => t('field.required', { label }),
    invalid: (label) => t('field.invalid', { label }),
    tooLong: (max) => t('field.tooLong', { max }),
  };
  const update = useUpdateAttributes();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => initialValues(attributes));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const valueOf = (attribute: Attribute) => values[attribute.attribute] ?? '';

  const change = (attribute: Attribute, value: string) => {
    const key = attribute.attribute;
    setValues((current) => ({ ...current, [key]: value }));
    setSaved(false);
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
    // A shown message goes as soon as the value is fixed; a new one waits for blur or submit.
    if (errors[key] !== undefined) {
      setErrors((current) => ({ ...current, [key]: attributeError(attribute, value, say) }));
    }
  };

  const blur = (attribute: Attribute) => {
    const value = valueOf(attribute);
    // Leaving an untouched empty field is not yet a mistake; submit says what is missing.
    if (value.trim() === '' && errors[attribute.attribute] === undefined) return;
    setErrors((current) => ({
      ...current,
      [attribute.attribute]: attributeError(attribute, value, say),
    }));
  };

  const focusFirstInvalid = () => {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const save = () => {
    setConfirming(false);
    const own = Object.fromEntries(
      attributes.map((attribute) => [attribute.attribute, valueOf(attribute)]),
    );
    update.mutate(
      { category, values: nestValues(own) },
      {
        onSuccess: (customer) => {
          setServerErrors({});
          setSaved(true);
          onSaved?.(customer);
        },
        onError: (error) => {
          const placed = formErrors(
            error,
            attributes.map((attribute) => attribute.attribute),
            t('form.notSaved'),
          );
          setServerErrors(placed.fields);
          setFailure(placed.failure);
          focusFirstInvalid();
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setFailure(null);
    setSaved(false);
    const found = Object.fromEntries(
      attributes.map((attribute) => [
        attribute.attribute,
        attributeError(attribute, valueOf(attribute), say),
      ]),
    );
    setErrors(found);
    if (Object.values(found).some((message) => message !== undefined)) {
      focusFirstInvalid();
      return;
    }
    // The stored values are the attributes' own (the customer as last saved).
    const stored = initialValues(attributes);
    const asks = attributes.some(
      (attribute) =>
        confirmChangeOf?.attributes.includes(attribute.attribute) === true &&
        valueOf(attribute).trim() !== (stored[attribute.attribute] ?? '').trim(),
    );
    if (asks) setConfirming(true);
    else save();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {attributes.length === 0 && <Text>{t('form.nothingToFill')}</Text>}
        {attributes.map((attribute) => (
          <AttributeField
            key={attribute.attribute}
            attribute={attribute}
            value={valueOf(attribute)}
            error={errors[attribute.attribute] ?? serverErrors[attribute.attribute]}
            onChange={(value) => change(attribute, value)}
            onBlur={() => blur(attribute)}
          />
        ))}
        <FormSaveFooter
          failure={failure}
          saved={saved}
          savedMessage={savedMessage}
          submitLabel={submitLabel}
          pending={update.isPending}
        />
      </Stack>
      {confirmChangeOf !== undefined && (
        <ConfirmDialog
          opened={confirming}
          title={confirmChangeOf.title}
          confirmLabel={confirmChangeOf.confirmLabel}
          onConfirm={save}
          onClose={() => setConfirming(false)}
        >
          {confirmChangeOf.message}
        </ConfirmDialog>
      )}
    </form>
  );
}
