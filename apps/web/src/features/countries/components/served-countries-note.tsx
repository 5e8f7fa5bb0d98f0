import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { commonMessages, useLocale, useT } from '@/i18n';
import { useCountries, useSourceCountries } from '../api/get-countries';
import { compareNames, countryName, listOfNames } from '../lib/country-names';
import { countriesMessages } from '../messages';
import { CountryWaitlistForm } from './country-waitlist-form';

export interface ServedCountriesNoteProps {
  /** The signed-in customer's address, for the waiting list; a visitor types theirs. */
  email?: string;
}

/**
 * Which countries Corridor serves, said before anyone signs up or picks a country, with a way
 * to be told when another one opens (defect 19). Light enough for the public sign-up screen:
 * no TanStack Query, no combobox, and only the five countries we serve; all 250 load when the
 * waiting list is opened. Its route should load `countriesMessages` with the screen; until
 * they are here it shows nothing rather than keys.
 */
export function ServedCountriesNote({ email }: ServedCountriesNoteProps) {
  const t = useT(countriesMessages);
  const locale = useLocale();
  const countries = useSourceCountries();
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const waitlistId = useId();

  const served = useMemo(() => {
    const compare = compareNames(locale);
    return (countries.data ?? []).map((country) => countryName(country, locale)).sort(compare);
  }, [countries.data, locale]);

  if (countriesMessages.loaded(locale) === undefined) return null;

  if (countries.data === undefined) {
    return (
      <ListNotHereYet
        list={countries}
        loading={t('served.loading')}
        failed={t('served.loadFailed')}
      />
    );
  }

  return (
    <Stack gap="xs">
      <Text size="sm">{t('served.list', { countries: listOfNames(served, locale) })}</Text>
      <div>
        <Anchor
          component="button"
          type="button"
          size="sm"
          style={{ textAlign: 'start' }}
          aria-expanded={waitlistOpen}
          aria-controls={waitlistId}
          onClick={() => setWaitlistOpen((open) => !open)}
        >
          {t('waitlist.open')}
        </Anchor>
      </div>
      <div id={waitlistId} hidden={!waitlistOpen}>
        {waitlistOpen && <WaitlistWithCountries email={email} />}
      </div>
    </Stack>
  );
}

/** The waiting list, once every country is here to choose from. */
function WaitlistWithCountries({ email }: ServedCountriesNoteProps) {
  const t = useT(countriesMessages);
  const countries = useCountries();
  if (countries.data !== undefined)
    return <CountryWaitlistForm countries={countries.data} email={email} />;
  return (
    <ListNotHereYet
      list={countries}
      loading={t('waitlist.loading')}
      failed={t('waitlist.loadFailed')}
    />
  );
}

/** A list on its way (with the slow-wait notice), or the reason it is not here and a Retry. */
function ListNotHereYet({
  list,
  loading,
  failed,
}: {
  list: Pick<ReturnType<typeof useCountries>, 'error' | 'isSlow' | 'retry' | 'cancel'>;
  loading: string;
  failed: string;
}) {
  const common = useT(commonMessages);
  if (list.error === null) {
    return (
      <div>
        <Text size="sm" c="dimmed" role="status">
          {loading}
        </Text>
        <SlowWaitNotice show={list.isSlow} onRetry={list.retry} onCancel={list.cancel} />
      </div>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{failed}</Text>
      <Button variant="default" size="xs" onClick={list.retry}>
        {common('action.retry')}
      </Button>
    </Stack>
  );
}
