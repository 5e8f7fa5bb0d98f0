import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { SearchSelect } from '@/ui/search-select';
import { useRelationships } from '../api/get-relationships';
import { recipientsMessages } from '../messages';

export interface RelationshipSelectProps {
  value: string | null;
  onChange: (relationshipId: string | null) => void;
  error: string | undefined;
}

/** Who the recipient is to the customer (the server's list), the recipient form's last field. */
export function RelationshipSelect({ value, onChange, error }: RelationshipSelectProps) {
  const t = useT(recipientsMessages);
  const relationships = useRelationships();
  return (
    <SearchSelect
      label={t('form.relationship')}
      description={t('form.relationshipHint')}
      required
      options={(relationships.data ?? []).map((item) => ({
        value: item.id,
        label: item.title,
        keywords: item.description === null ? [item.code] : [item.code, item.description],
      }))}
      value={value}
      onChange={onChange}
      loading={relationships.isPending}
      loadError={
        relationships.isError
          ? {
              message: describeError(relationships.error, t('form.optionsFailed')),
              onRetry: () => void relationships.refetch(),
            }
          : undefined
      }
      error={error}
    />
  );
}
