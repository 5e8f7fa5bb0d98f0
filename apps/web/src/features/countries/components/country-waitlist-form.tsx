import type { Country } from '@corridor/contracts';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { useLocale, useT } from '@/i18n';
import { formErrors } from '@/lib/form-errors';
import { ChevronDownIcon } from '@/ui/icons';
import { useJoinCountryWaitlist } from '../api/join-country-waitlist';
import { compareNames, countryName } from '../lib/country-names';
import { countriesMessages } from '../messages';

export interface CountryWaitlistFormProps {
  /** Every country; those we do not serve yet are offered. */
  countries: readonly Country[];
  /** The signed-in customer's address: then no email field is asked. */
  email?: string;
}

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

type Field = 'email' | 'country_id';

/**
 * "Tell me when my country opens" (defect 19): an email and a country we do not serve yet,
 * kept by the server to write once when it opens. A native select, light enough for the
 * public sign-up screen and a phone's own picker; render it outside any other form.
 */
export function CountryWaitlistForm({ countries, email: knownEmail }: CountryWaitlistFormProps) {
  const t = useT(countriesMessages);
  const locale = useLocale();
  const join = useJoinCountryWaitlist();
  const id = useId();
  const [email, setEmail] = useState('');
  const [countryId, setCountryId] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);

  const options = useMemo(() => {
    const compare = compareNames(locale);
    return countries
      .filter((country) => !country.is_served)
      .map((country) => ({ value: country.id, label: countryName(country, locale) }))
      .sort((a, b) => compare(a.label, b.label));
  }, [countries, locale]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (join.isPending) return;
    setFailure(null);
    setJoined(null);
    const address = (knownEmail ?? email).trim();
    const found: Partial<Record<Field, string>> = {
      email:
        address === ''
          ? t('waitlist.emailRequired')
          : looksLikeEmail(address)
            ? undefined
            : t('waitlist.emailInvalid'),
      country_id: countryId === '' ? t('waitlist.countryRequired') : undefined,
    };
    setErrors(found);
    if (found.email !== undefined || found.country_id !== undefined) return;
    const chosen = options.find((option) => option.value === countryId)?.label ?? '';
    join.run(
      { email: address, country_id: countryId },
      {
        onSuccess: () => setJoined(t('waitlist.joined', { country: chosen })),
        onError: (error) => {
          // Without an email field, a message about the address is said above the button.
          const fields: Field[] =
            knownEmail === undefined ? ['email', 'country_id'] : ['country_id'];
          const placed = formErrors(error, fields, t('waitlist.failed'));
          setErrors(placed.fields);
          setFailure(placed.failure);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-intro`}>
      <Stack gap="sm">
        <Text size="sm" id={`${id}-intro`}>
          {t('waitlist.intro')}
        </Text>
        {knownEmail === undefined ? (
          <TextInput
            label={t('waitlist.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setErrors((current) => ({ ...current, email: undefined }));
            }}
            error={errors.email}
          />
        ) : (
          <Text size="sm">{t('waitlist.sendTo', { email: knownEmail })}</Text>
        )}
        <NativeSelect
          label={t('waitlist.country')}
          required
          value={countryId}
          onChange={(event) => {
            setCountryId(event.currentTarget.value);
            setErrors((current) => ({ ...current, country_id: undefined }));
          }}
          rightSection={<ChevronDownIcon />}
          data={[
            { value: '', label: t('waitlist.countryPlaceholder'), disabled: true },
            ...options,
          ]}
          error={errors.country_id}
        />
        {failure !== null && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Text role="status" size="sm" c="var(--mantine-color-success)">
          {joined}
        </Text>
        <Group>
          <Button type="submit" variant="default" loading={join.isPending}>
            {t('waitlist.submit')}
          </Button>
        </Group>
        <SlowWaitNotice show={join.isSlow} onRetry={join.retry} onCancel={join.cancel} />
      </Stack>
    </form>
  );
}
