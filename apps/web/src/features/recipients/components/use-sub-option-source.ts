import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { useSubDeliveryOptions } from '../api/get-sub-delivery-options';
import { inSentence, type FormAttribute, type FormValues } from '../lib/channel-form';
import { recipientsMessages } from '../messages';
import type { OptionSource } from './channel-field';

/**
 * The recipient form's delivery option (`parent`) and where its sub-options come from: the
 * server's, for the option chosen, or a word to choose that option first.
 */
export function useSubOptionSource(
  attributes: readonly FormAttribute[],
  values: FormValues,
): { parent: FormAttribute | undefined; source: OptionSource } {
  const t = useT(recipientsMessages);
  const parent = attributes.find((attribute) => attribute.type === 'delivery_option');
  const hasSubOptions = attributes.some((attribute) => attribute.type === 'sub_delivery_option');
  const chosen = parent === undefined ? undefined : values[parent.attribute];
  const parentId = typeof chosen === 'string' ? chosen : '';
  const subOptions = useSubDeliveryOptions(hasSubOptions && parentId !== '' ? parentId : null);
  if (parentId === '' || parent === undefined) {
    const field = inSentence(parent?.label ?? '');
    return { parent, source: { options: [], waitingFor: t('form.chooseFirst', { field }) } };
  }
  return {
    parent,
    source: {
      options: subOptions.data ?? [],
      loading: subOptions.isPending,
      loadError: subOptions.isError
        ? {
            message: describeError(subOptions.error, t('form.optionsFailed')),
            onRetry: () => void subOptions.refetch(),
          }
        : undefined,
    },
  };
}
