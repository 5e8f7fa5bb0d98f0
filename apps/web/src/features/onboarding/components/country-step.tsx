import type { Customer } from '@corridor/contracts';
import { Alert, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { CountrySelect, ServedCountriesNote, useSourceCountries } from '@/features/countries';
import { useUpdateCountry } from '@/features/customers';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { formErrors } from '@/lib/form-errors';
import { onboardingMessages } from '../messages';

/**
 * Step 2: the country the customer sends money from, which decides what else is asked. Says
 * which countries we serve, and offers the waiting list to someone who lives elsewhere
 * (defect 19).
 */
export function CountryStep({ customer }: { customer: Customer }) {
  const t = useT(onboardingMessages);
  const common = useT(commonMessages);
  const countries = useSourceCountries();
  const update = useUpdateCountry();
  const [countryId, setCountryId] = useState<string | null>(customer.country?.id ?? null);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  if (countries.data === undefined && countries.error === null) {
    // A skeleton until ui/ has one of its own for a field.
    return (
      <>
        <VisuallyHidden role="status">{t('country.loading')}</VisuallyHidden>
        <Stack gap="xs" aria-hidden="true">
          <Skeleton height={14} width="40%" />
          <Skeleton height={36} />
        </Stack>
        <SlowWaitNotice
          show={countries.isSlow}
          onRetry={countries.retry}
          onCancel={countries.cancel}
        />
      </>
    );
  }
  if (countries.data === undefined) {
    return (
      <Alert color="red" title={t('country.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeError(countries.error, t('country.loadFailedText'))}</Text>
          <Button variant="default" onClick={countries.retry}>
            {common('action.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setFailure(null);
    if (countryId === null) {
      setError(t('country.required'));
      return;
    }
    update.mutate(
      { country_id: countryId },
      {
        onError: (failed) => {
          const placed = formErrors(failed, ['country_id'], t('country.notSaved'));
          setError(placed.fields.country_id);
          setFailure(placed.failure);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{t('country.intro')}</Text>
          <CountrySelect
            label={t('country.label')}
            placeholder={t('country.placeholder')}
            nothingFoundMessage={t('country.nothingFound')}
            required
            countries={countries.data}
            value={countryId}
            onChange={(next) => {
              setCountryId(next);
              setError(undefined);
            }}
            error={error}
          />
          {failure !== null && (
            <Alert color="red" role="alert" title={t('country.notSavedTitle')}>
              {failure}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={update.isPending}>
              {common('action.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Its own form (the waiting list), so it sits after the step's form, not inside it. */}
      <ServedCountriesNote email={customer.account.email} />
    </Stack>
  );
}
