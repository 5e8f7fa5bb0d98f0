import type { Customer } from '@corridor/contracts';
import { Alert, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CountrySelect } from '@/components/country-select';
import { useSourceCountries } from '@/features/countries';
import { useUpdateCountry } from '@/features/customers';
import { describeError } from '@/lib/api-error';
import { formErrors } from '@/lib/form-errors';

/** Step 2: the country the customer sends money from, which decides what else is asked. */
export function CountryStep({ customer }: { customer: Customer }) {
  const countries = useSourceCountries();
  const update = useUpdateCountry();
  const [countryId, setCountryId] = useState<string | null>(customer.country?.id ?? null);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  if (countries.isPending) {
    return (
      <>
        <VisuallyHidden role="status">Loading countries</VisuallyHidden>
        <Stack gap="xs" aria-hidden="true">
          <Skeleton height={14} width="40%" />
          <Skeleton height={36} />
        </Stack>
      </>
    );
  }
  if (countries.isError) {
    return (
      <Alert color="red" title="The countries could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {describeError(countries.error, 'Something went wrong on our side.')}
          </Text>
          <Button variant="default" onClick={() => void countries.refetch()}>
            Retry
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
      setError('Choose the country you will send money from.');
      return;
    }
    update.mutate(
      { country_id: countryId },
      {
        onError: (failed) => {
          const placed = formErrors(
            failed,
            ['country_id'],
            'Your country was not saved. Please try again.',
          );
          setError(placed.fields.country_id);
          setFailure(placed.failure);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>Choose the country you live in and will send money from.</Text>
        <CountrySelect
          label="Country"
          placeholder="Search for your country"
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
          <Alert color="red" role="alert" title="Not saved">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
