import type { ChannelAttribute } from '@corridor/contracts';
import { Stack, TextInput } from '@mantine/core';
import { CountrySelect, countriesMessages, useCountries } from '@/features/countries';
import { formatAsTyped } from '@/features/customers';
import { useT } from '@/i18n';
import type { PhoneInput } from '../lib/channel-form';
import { recipientsMessages } from '../messages';

export interface PhoneFieldProps {
  attribute: ChannelAttribute;
  value: PhoneInput;
  onChange: (value: PhoneInput) => void;
  onBlur: () => void;
  countryError: string | undefined;
  numberError: string | undefined;
}

/**
 * A mobile or phone attribute: the country's calling code from the design system's picker
 * (as the customer's own number in onboarding) and the number, formatted as it is typed for
 * that country. Posted as `{country: countryId, number}`.
 */
export function PhoneField({
  attribute,
  value,
  onChange,
  onBlur,
  countryError,
  numberError,
}: PhoneFieldProps) {
  const t = useT(recipientsMessages);
  const countryWords = useT(countriesMessages);
  const countries = useCountries();
  const country = countries.data?.find((candidate) => candidate.id === value.countryId);
  return (
    <Stack gap="xs">
      <CountrySelect
        label={t('form.callingCode', { label: attribute.label })}
        withCallingCode
        required={attribute.is_required}
        countries={countries.data ?? []}
        value={value.countryId}
        onChange={(countryId) => onChange({ ...value, countryId })}
        loading={countries.data === undefined && countries.isPending}
        loadError={
          countries.data === undefined && countries.error !== null
            ? { message: countryWords('select.loadFailed'), onRetry: countries.retry }
            : undefined
        }
        error={countryError}
      />
      <TextInput
        label={attribute.label}
        description={attribute.help_text}
        placeholder={attribute.placeholder_text ?? undefined}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        required={attribute.is_required}
        value={value.number}
        onChange={(event) => {
          const next = event.currentTarget.value;
          onChange({ ...value, number: formatAsTyped(next, value.number, country?.iso2_alpha) });
        }}
        onBlur={onBlur}
        error={numberError}
      />
    </Stack>
  );
}
