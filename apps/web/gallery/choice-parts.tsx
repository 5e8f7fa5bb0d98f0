// The gallery's parts for flags and pickers (of countries, currencies and files).
import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import { CountrySelect } from '@/features/countries';
import { CountryFlag } from '@/ui/country-flag';
import { CurrencySelect } from '@/ui/currency-select';
import { FileDrop } from '@/ui/file-drop';
import { useSample, Part, State, countries } from './gallery-frame';

export function FlagPart() {
  const s = useSample();
  return (
    <Part name="CountryFlag" file="ui/country-flag.tsx">
      <State label="an SVG file per country, loaded on its own" wide>
        <Group gap="sm">
          {['GB', 'ES', 'MX', 'PH', 'IN', 'NG', 'US', 'FR', 'DE', 'JP', 'BR', 'PK', 'EU'].map(
            (code) => (
              <span key={code} className="gallery__flag">
                <CountryFlag iso2={code} size={24} />
                <code>{code}</code>
              </span>
            ),
          )}
        </Group>
      </State>
      <State label="named when alone; unknown code keeps its place">
        <Group gap="sm">
          <CountryFlag iso2="ES" size={32} label={s('Spain', 'España')} />
          <CountryFlag iso2="ZZ" size={32} />
        </Group>
      </State>
    </Part>
  );
}

export function SelectPart() {
  const s = useSample();
  const [nationality, setNationality] = useState<string | null>(null);
  const [country, setCountry] = useState<string | null>(countries[0]?.id ?? null);
  const [code, setCode] = useState<string | null>(countries[3]?.id ?? null);
  const label = s('Nationality', 'Nacionalidad');
  return (
    <Part name="CountrySelect and CurrencySelect" file="ui/search-select.tsx">
      {/* The app's one country picker (features/countries), on the design system's select. */}
      <State label="empty (try “Brit”, “UK” or “Reino”: demonyms, aliases, other languages)">
        <CountrySelect
          label={label}
          countries={countries}
          value={nationality}
          onChange={setNationality}
          placeholder={s('Choose your nationality', 'Elige tu nacionalidad')}
        />
      </State>
      <State label="chosen">
        <CountrySelect
          label={s('Country', 'País')}
          countries={countries}
          value={country}
          onChange={setCountry}
        />
      </State>
      <State label="with calling codes">
        <CountrySelect
          label={s('Country code', 'Prefijo')}
          countries={countries}
          value={code}
          onChange={setCode}
          withCallingCode
        />
      </State>
      <State label="required, with a description">
        <CountrySelect
          label={s('Country of birth', 'País de nacimiento')}
          description={s('As on your passport.', 'Como en tu pasaporte.')}
          required
          countries={countries}
          value={null}
          onChange={() => {}}
        />
      </State>
      <State label="error">
        <CountrySelect
          label={label}
          countries={countries}
          value={null}
          onChange={() => {}}
          error={s('Choose your nationality.', 'Elige tu nacionalidad.')}
        />
      </State>
      <State label="disabled">
        <CountrySelect
          label={label}
          countries={countries}
          value={null}
          onChange={() => {}}
          disabled
        />
      </State>
      <State label="loading">
        <CountrySelect label={label} countries={[]} value={null} onChange={() => {}} loading />
      </State>
      <State label="failed to load">
        <CountrySelect
          label={label}
          countries={[]}
          value={null}
          onChange={() => {}}
          loadError={{
            message: s('We could not reach Corridor.', 'No pudimos conectar con Corridor.'),
            onRetry: () => {},
          }}
        />
      </State>
      <State label="nothing to choose from">
        <CountrySelect label={label} countries={[]} value={null} onChange={() => {}} />
      </State>
      <State label="currency">
        <CurrencySelect
          label={s('Currency', 'Divisa')}
          currencies={['GBP', 'EUR', 'USD', 'PHP', 'INR', 'XOF']}
          value="PHP"
          onChange={() => {}}
        />
      </State>
    </Part>
  );
}

export function FilePart() {
  const s = useSample();
  const [chosen, setChosen] = useState<string[]>([]);
  const types = s(
    'JPEG, PNG or PDF, up to 10 MB each.',
    'JPEG, PNG o PDF, de hasta 10 MB cada uno.',
  );
  return (
    <Part name="FileDrop" file="ui/file-drop.tsx">
      <State label="several files, with the camera on touch screens" wide>
        <FileDrop
          label={s('Your bank statement', 'Tu extracto bancario')}
          hint={types}
          accept="image/jpeg,image/png,application/pdf"
          multiple
          camera
          onFiles={(files) => setChosen(files.map((file) => file.name))}
        />
        <Text size="sm" mt="xs" aria-live="polite">
          {chosen.join(', ')}
        </Text>
      </State>
      <State label="one photo">
        <FileDrop
          label={s('Front of the card', 'Parte delantera de la tarjeta')}
          accept="image/jpeg,image/png"
          camera
          onFiles={() => undefined}
        />
      </State>
      <State label="full (disabled)">
        <FileDrop
          label={s('Your files', 'Tus archivos')}
          hint={types}
          accept="application/pdf"
          multiple
          disabled
          onFiles={() => undefined}
        />
      </State>
    </Part>
  );
}
