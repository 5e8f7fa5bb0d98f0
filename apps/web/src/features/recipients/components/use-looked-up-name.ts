import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { useT } from '@/i18n';
import {
  lookedUpNameAttribute,
  nameLookupQuery,
  textOf,
  type FieldValue,
  type FormAttribute,
} from '../lib/channel-form';
import { useNameLookup } from '../lib/use-name-lookup';
import { recipientsMessages } from '../messages';
import type { useFormMessages } from './use-form-messages';

type Setter<T> = Dispatch<SetStateAction<T>>;

export interface LookedUpNameOptions {
  channel: { id: string; configuration: Parameters<typeof lookedUpNameAttribute>[1] };
  attributes: readonly FormAttribute[];
  values: Record<string, FieldValue>;
  say: ReturnType<typeof useFormMessages>;
  setValues: Setter<Record<string, FieldValue>>;
  /** Clears the name's messages (the client's and the server's) once the bank named the holder. */
  clearErrors: (key: string) => void;
}

/**
 * The recipient form's account-name lookup (docs/product/recipients.md#name-lookup): which
 * attribute the bank's name fills, the lookup itself, and what a screen reader hears of it.
 * Editing, a name already filled belongs to the saved details, so it stays while the lookup runs.
 */
export function useLookedUpName({
  channel,
  attributes,
  values,
  say,
  setValues,
  clearErrors,
}: LookedUpNameOptions) {
  const t = useT(recipientsMessages);
  const nameAttribute = lookedUpNameAttribute(attributes, channel.configuration);
  const query = nameLookupQuery(attributes, values, channel.configuration, say);
  const [initialQuery] = useState(() => {
    const filled = nameAttribute !== undefined && textOf(values[nameAttribute.attribute]) !== '';
    return filled ? query : null;
  });
  const setName = useCallback(
    (name: string) => {
      if (nameAttribute === undefined) return;
      const key = nameAttribute.attribute;
      setValues((current) => ({ ...current, [key]: name }));
      clearErrors(key);
    },
    [nameAttribute, setValues, clearErrors],
  );
  const lookup = useNameLookup({
    channelId: channel.id,
    query: nameAttribute === undefined ? null : query,
    initialQuery,
    setName,
    fallbackMessage: t('lookup.failed'),
  });
  const announcement =
    lookup.status === 'loading'
      ? t('lookup.loading')
      : lookup.status === 'found'
        ? t('lookup.found', { name: lookup.name })
        : '';
  return { nameAttribute, lookup, announcement };
}
