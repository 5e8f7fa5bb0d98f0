import type { PaymentDataRequirement, SavedQuote } from '@corridor/contracts';
import { Stack, TextInput } from '@mantine/core';
import { CheckboxField } from '@/components/checkbox-field';
import { useT } from '@/i18n';
import { SearchSelect } from '@/ui/search-select';
import type { TransferDraft } from '../lib/transfer-draft';
import { transferMessages } from '../messages';
import { PaymentMethodField } from './payment-method-field';
import type { ConfirmField } from './use-confirm';

const inputModes = ['text', 'email', 'tel', 'numeric', 'decimal', 'url', 'search'] as const;
type InputMode = (typeof inputModes)[number];
const inputModeOf = (mode: string): InputMode | undefined =>
  inputModes.find((candidate) => candidate === mode);

/** The details the chosen method's provider asks for (the client reads `providers[0]`). */
export function requirementsOf(
  quote: SavedQuote,
  methodId: string | null,
): PaymentDataRequirement[] {
  const method = quote.payment_methods.find((candidate) => candidate.id === methodId);
  return method?.providers[0]?.payment_data_requirements ?? [];
}

export interface ConfirmFieldsProps {
  quote: SavedQuote;
  draft: TransferDraft;
  onChange: (draft: TransferDraft) => void;
  errors: Partial<Record<ConfirmField, string>>;
  disabled: boolean;
}

/**
 * What confirm asks (docs/product/routes-and-screens.md#transfer-wizard): why the money is sent, how
 * it is paid (chosen already when there is one way), the provider's details, and the
 * declaration that the customer sends their own money for themselves.
 */
export function ConfirmFields({ quote, draft, onChange, errors, disabled }: ConfirmFieldsProps) {
  const t = useT(transferMessages);
  const set = (change: Partial<TransferDraft>) => onChange({ ...draft, ...change });
  return (
    <Stack gap="md">
      <SearchSelect
        label={t('review.purpose')}
        placeholder={t('review.purposePlaceholder')}
        required
        name="purpose_id"
        options={(quote.purposes ?? []).map((purpose) => ({
          value: purpose.id,
          label: purpose.title,
          keywords:
            purpose.description === null ? [purpose.code] : [purpose.code, purpose.description],
        }))}
        value={draft.purposeId}
        onChange={(purposeId) => set({ purposeId })}
        error={errors.purpose}
        disabled={disabled}
      />
      <PaymentMethodField
        methods={quote.payment_methods}
        value={draft.paymentMethodId}
        onChange={(paymentMethodId) => set({ paymentMethodId })}
        error={errors.method}
        disabled={disabled}
      />
      {requirementsOf(quote, draft.paymentMethodId).map((requirement) => {
        const field: ConfirmField = `payment_data.${requirement.attribute}`;
        return (
          <TextInput
            key={requirement.attribute}
            type={requirement.type}
            inputMode={inputModeOf(requirement.input_mode)}
            label={requirement.label}
            description={requirement.info ?? undefined}
            required={requirement.is_required}
            value={draft.paymentData[requirement.attribute] ?? requirement.value ?? ''}
            onChange={(event) =>
              set({
                paymentData: {
                  ...draft.paymentData,
                  [requirement.attribute]: event.currentTarget.value,
                },
              })
            }
            error={errors[field]}
            disabled={disabled}
          />
        );
      })}
      <CheckboxField
        label={t('review.declaration')}
        checked={draft.declarationAccepted}
        onChange={(event) => set({ declarationAccepted: event.currentTarget.checked })}
        error={errors.declaration}
        disabled={disabled}
        name="third_party_declaration_accepted"
      />
    </Stack>
  );
}
