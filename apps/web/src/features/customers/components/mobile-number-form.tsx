import type { Customer } from '@corridor/contracts';
import { Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CountrySelect, countriesMessages, useCountries } from '@/features/countries';
import { useT } from '@/i18n';
import { formErrors } from '@/lib/form-errors';
import { useUpdateMobileNumber } from '../api/update-mobile-number';
import { formatAsTyped, nationalFormat } from '../lib/phone-number';
import { customersMessages } from '../messages';
import { FormSaveFooter } from './form-save-footer';

export interface MobileNumberFormProps {
  customer: Customer;
  submitLabel: string;
  /** Said after a save, for forms that stay on screen. */
  savedMessage?: string;
}

/** The customer's mobile number: its country (calling code) and the number (docs/product/customer-and-onboarding.md#mobile-number). */
export function MobileNumberForm({ customer, submitLabel, savedMessage }: MobileNumberFormProps) {
  const t = useT(customersMessages);
  const countryWords = useT(countriesMessages);
  const countries = useCountries();
  const update = useUpdateMobileNumber();
  const [countryId, setCountryId] = useState<string | null>(
    customer.account.mobile_number_country?.id ?? customer.country?.id ?? null,
  );
  const [number, setNumber] = useState(() => nationalFormat(customer.account.mobile_number));
  const [errors, setErrors] = useState<{ country?: string; number?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const country = countries.data?.find((candidate) => candidate.id === countryId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setFailure(null);
    setSaved(false);
    const found = {
      country: countryId === null ? t('mobile.countryRequired') : undefined,
      number: number.trim() === '' ? t('mobile.numberRequired') : undefined,
    };
    setErrors(found);
    if (countryId === null || found.number !== undefined) return;
    update.mutate(
      { mobile_number_country_id: countryId, mobile_number: number.trim() },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => {
          const placed = formErrors(
            error,
            { mobile_number_country_id: 'country', mobile_number: 'number' },
            t('mobile.notSaved'),
          );
          setErrors(placed.fields);
          setFailure(placed.failure);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CountrySelect
          label={t('mobile.countryCode')}
          withCallingCode
          required
          countries={countries.data ?? []}
          value={countryId}
          onChange={(next) => {
            setCountryId(next);
            setSaved(false);
            setErrors((current) => ({ ...current, country: undefined }));
          }}
          placeholder={t('mobile.countryPlaceholder')}
          loading={countries.data === undefined && countries.isPending}
          loadError={
            countries.data === undefined && countries.error !== null
              ? { message: countryWords('select.loadFailed'), onRetry: countries.retry }
              : undefined
          }
          error={errors.country}
        />
        <TextInput
          label={t('mobile.number')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          required
          value={number}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setNumber((previous) => formatAsTyped(next, previous, country?.iso2_alpha));
            setSaved(false);
            setErrors((current) => ({ ...current, number: undefined }));
          }}
          error={errors.number}
        />
        <FormSaveFooter
          failure={failure}
          saved={saved}
          savedMessage={savedMessage}
          submitLabel={submitLabel}
          pending={update.isPending}
        />
      </Stack>
    </form>
  );
}
