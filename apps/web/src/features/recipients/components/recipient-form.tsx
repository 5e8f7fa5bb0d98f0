import {
  attributeFor,
  type CountryFields,
  type PayoutChannel,
  type Recipient,
  type RecipientBody,
  type RecipientType,
} from '@corridor/contracts';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { formErrors } from '@/lib/form-errors';
import {
  asksToConfirm,
  attributeErrors,
  confirmKey,
  formProblems,
  initialValues,
  inSentence,
  inViewOrder,
  isPhoneAttribute,
  phoneKeys,
  textOf,
  type FieldValue,
  type FormAttribute,
  type PhoneInput,
} from '../lib/channel-form';
import { attributeKeys, errorKeys, recipientBody } from '../lib/recipient-body';
import { recipientsMessages } from '../messages';
import { RelationshipSelect } from './relationship-select';
import { useFormMessages } from './use-form-messages';
import { useLookedUpName } from './use-looked-up-name';
import { useSubOptionSource } from './use-sub-option-source';
import { ChannelField } from './channel-field';
import { PhoneField } from './phone-field';

const RELATIONSHIP = 'relationship_id';

/** What was typed in a form, to start it again from there (the wizard's Back and Forward). */
export interface RecipientDraft {
  values: Record<string, FieldValue>;
  relationshipId: string | null;
}

export interface RecipientFormProps {
  /** The channel's form; editing, its attributes carry the recipient's values. */
  channel: Pick<PayoutChannel, 'id' | 'configuration'> & { attributes: readonly FormAttribute[] };
  /** Where the recipient lives: phone numbers start with its calling code. */
  country: Pick<CountryFields, 'id'>;
  recipientType: RecipientType;
  initialRelationshipId?: string | null;
  submitLabel: string;
  /** Sends the body (add or edit); the server answers the recipient or 422 per attribute. */
  save: (body: RecipientBody) => Promise<Recipient>;
  onSaved: (recipient: Recipient) => void;
  /** What was typed in this form before: it starts from there. */
  draft?: RecipientDraft | undefined;
  /** Told what is typed, as it is typed. */
  onDraftChange?: (draft: RecipientDraft) => void;
}

/**
 * The recipient form of a payout channel (decision 22), for adding and for editing: each
 * attribute in view order, as it is for the recipient type (decision 35), with the server's
 * label, hint, mask and rules checked as typed, an
 * account number's "type it again" twin, phones with their calling code, delivery options that
 * load their sub-options, the account-name lookup, and the relationship last. A 422 puts each
 * message under its field.
 */
export function RecipientForm({
  channel,
  country,
  recipientType,
  initialRelationshipId = null,
  submitLabel,
  save,
  onSaved,
  draft,
  onDraftChange,
}: RecipientFormProps) {
  const t = useT(recipientsMessages);
  const say = useFormMessages();
  const { configuration } = channel;
  // Each field as it is for this type, read as the server reads it: the required marks, labels
  // and patterns are the server's rules, so one submit finds every problem (issue 28).
  const attributes = useMemo(
    () =>
      inViewOrder(channel.attributes.map((attribute) => attributeFor(attribute, recipientType))),
    [channel.attributes, recipientType],
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(
    () => draft?.values ?? initialValues(attributes, configuration, country.id),
  );
  const [relationshipId, setRelationshipId] = useState<string | null>(
    draft === undefined ? initialRelationshipId : draft.relationshipId,
  );
  useEffect(() => {
    onDraftChange?.({ values, relationshipId });
  }, [onDraftChange, values, relationshipId]);
  // Client checks shown so far (after a blur or a submit), and the server's last 422.
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: save });

  // Delivery options: the first one's choice loads the sub-options of every sub_delivery_option.
  const { parent, source: subOptionSource } = useSubOptionSource(attributes, values);

  // The account-name lookup fills the name, which is then read-only.
  const clearErrors = useCallback((key: string) => {
    setErrors((current) => ({ ...current, [key]: undefined }));
    setServerErrors((current) => ({ ...current, [key]: undefined }));
  }, []);
  const { nameAttribute, lookup, announcement } = useLookedUpName({
    channel,
    attributes,
    values,
    say,
    setValues,
    clearErrors,
  });

  const keysOf = (attributeKey: string): string[] => {
    const attribute = attributes.find((candidate) => candidate.attribute === attributeKey);
    return attribute === undefined ? [attributeKey] : attributeKeys(attribute);
  };

  const checkField = (attributeKey: string, next = values, onlyShown = false) => {
    const attribute = attributes.find((candidate) => candidate.attribute === attributeKey);
    if (attribute === undefined) return;
    const found = attributeErrors(attribute, next, configuration, say, attribute === nameAttribute);
    setErrors((current) => {
      const updated = { ...current };
      for (const key of keysOf(attributeKey)) {
        // While typing, a shown message goes as soon as it is fixed; a new one waits for blur.
        if (onlyShown && current[key] === undefined) continue;
        updated[key] = found[key];
      }
      return updated;
    });
  };

  const change = (attributeKey: string, value: FieldValue, valueKey = attributeKey) => {
    const next: Record<string, FieldValue> = { ...values, [valueKey]: value };
    // A new bank: its branches are other ones.
    if (parent !== undefined && attributeKey === parent.attribute) {
      for (const attribute of attributes) {
        if (attribute.type === 'sub_delivery_option') next[attribute.attribute] = '';
      }
    }
    setValues(next);
    setFailure(null);
    setServerErrors((current) => {
      const updated = { ...current };
      for (const key of keysOf(attributeKey)) updated[key] = undefined;
      return updated;
    });
    checkField(attributeKey, next, true);
  };

  const blur = (attributeKey: string) => {
    const attribute = attributes.find((candidate) => candidate.attribute === attributeKey);
    if (attribute === undefined) return;
    const value = values[attributeKey];
    const empty = typeof value === 'string' ? value.trim() === '' : value?.number.trim() === '';
    // Leaving an untouched empty field is not yet a mistake; the submit says what is missing.
    if (empty && keysOf(attributeKey).every((key) => errors[key] === undefined)) return;
    checkField(attributeKey);
  };

  const focusFirstInvalid = () => {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    const found: Record<string, string | undefined> = formProblems(
      attributes,
      values,
      configuration,
      say,
      nameAttribute?.attribute,
    );
    if (relationshipId === null) found[RELATIONSHIP] = t('check.relationship');
    setErrors(found);
    if (Object.values(found).some((message) => message !== undefined)) {
      focusFirstInvalid();
      return;
    }
    const body = recipientBody(attributes, values, configuration, recipientType, relationshipId);
    mutation.mutate(body, {
      onSuccess: (recipient) => onSaved(recipient),
      onError: (error) => {
        const placed = formErrors(
          error,
          [...errorKeys(attributes), RELATIONSHIP],
          t('form.notSaved'),
        );
        setServerErrors(placed.fields);
        setFailure(placed.failure);
        focusFirstInvalid();
      },
    });
  };

  const errorOf = (...keys: string[]): string | undefined => {
    for (const key of keys) {
      const message = errors[key] ?? serverErrors[key];
      if (message !== undefined) return message;
    }
    return undefined;
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {attributes.map((attribute) => {
          const key = attribute.attribute;
          if (isPhoneAttribute(attribute)) {
            const keys = phoneKeys(attribute);
            const value = values[key];
            return (
              <PhoneField
                key={key}
                attribute={attribute}
                value={typeof value === 'object' ? value : { countryId: country.id, number: '' }}
                onChange={(next: PhoneInput) => change(key, next)}
                onBlur={() => blur(key)}
                countryError={errorOf(keys.country)}
                numberError={errorOf(keys.number, key)}
              />
            );
          }
          const lookedUp = attribute === nameAttribute;
          return (
            <Fragment key={key}>
              <ChannelField
                attribute={attribute}
                value={textOf(values[key])}
                error={lookedUp && lookup.status === 'failed' ? lookup.message : errorOf(key)}
                onChange={(next) => change(key, next)}
                onBlur={() => blur(key)}
                optionSource={
                  attribute.type === 'sub_delivery_option' ? subOptionSource : undefined
                }
                lookedUp={
                  lookedUp ? { loading: lookup.status === 'loading', announcement } : undefined
                }
              />
              {asksToConfirm(configuration, attribute) && (
                <ChannelField
                  attribute={attribute}
                  label={t('form.confirmLabel', { field: inSentence(attribute.label) })}
                  value={textOf(values[confirmKey(attribute)])}
                  error={errorOf(confirmKey(attribute))}
                  onChange={(next) => change(key, next, confirmKey(attribute))}
                  onBlur={() => blur(key)}
                />
              )}
            </Fragment>
          );
        })}
        <RelationshipSelect
          value={relationshipId}
          onChange={(next) => {
            setRelationshipId(next);
            setErrors((current) => ({ ...current, [RELATIONSHIP]: undefined }));
            setServerErrors((current) => ({ ...current, [RELATIONSHIP]: undefined }));
          }}
          error={errorOf(RELATIONSHIP)}
        />
        {failure !== null && (
          <Alert color="red" variant="light" role="alert" title={t('form.notSavedTitle')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
