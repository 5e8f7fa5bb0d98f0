import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n';
import { renderRoutes, setViewportWidth } from '@/test/render';
import { CountrySelect, type SelectableCountry } from './country-select';
import { CurrencySelect } from './currency-select';
import { rankOptions } from './search-options';

function country(
  iso2: string,
  name: string,
  extra: Partial<SelectableCountry> = {},
): SelectableCountry {
  return {
    id: `00000000-0000-4000-8000-0000000000${iso2.charCodeAt(0)}${iso2.charCodeAt(1) % 10}`,
    iso2_alpha: iso2,
    iso3_alpha: `${iso2}X`,
    calling_code: '1',
    common_name: name,
    official_name: name,
    endonym: name,
    demonym: null,
    ...extra,
  };
}

const countries = [
  country('IO', 'British Indian Ocean Territory', { calling_code: '246' }),
  country('GB', 'United Kingdom', {
    official_name: 'United Kingdom of Great Britain and Northern Ireland',
    demonym: 'British',
    calling_code: '44',
  }),
  country('ES', 'Spain', { endonym: 'España', demonym: 'Spanish', calling_code: '34' }),
  country('MX', 'Mexico', { endonym: 'México', demonym: 'Mexican', calling_code: '52' }),
  country('VG', 'British Virgin Islands', { calling_code: '1284' }),
];

function Harness({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <CountrySelect
        label="Nationality"
        countries={countries}
        value={value}
        onChange={setValue}
        name="nationality"
      />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

function renderSelect(element = <Harness />) {
  return renderRoutes([{ path: '/', element }], '/');
}

const trigger = () => screen.getByRole('combobox', { name: 'Nationality' });
const options = () =>
  within(screen.getByRole('listbox', { name: 'Nationality' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('CountrySelect', () => {
  afterEach(async () => {
    setViewportWidth(1024);
    await setLocale('en', { remember: false });
  });

  it('on a phone, opens a full-screen list of every country, finds by typing and chooses by tap', async () => {
    setViewportWidth(390);
    renderSelect();
    await userEvent.click(trigger());
    const dialog = await screen.findByRole('dialog', { name: 'Nationality' });
    expect(dialog.closest('[data-full-screen]') ?? dialog).toHaveAttribute('data-full-screen');
    expect(options()).toHaveLength(5);

    const search = within(dialog).getByRole('combobox', { name: 'Search Nationality' });
    expect(search).toHaveFocus();
    await userEvent.type(search, 'Uni');
    expect(options()).toEqual(['United Kingdom']);
    await userEvent.click(screen.getByRole('option', { name: /United Kingdom/ }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('United Kingdom');
    expect(screen.getByTestId('value')).toHaveTextContent(countries[1]?.id ?? '');
  });

  it('finds a country by its demonym first, before names that merely start the same', async () => {
    renderSelect();
    await userEvent.click(trigger());
    await userEvent.type(screen.getByRole('combobox', { name: 'Search Nationality' }), 'Brit');
    expect(options()).toEqual([
      'United Kingdom',
      'British Indian Ocean Territory',
      'British Virgin Islands',
    ]);
    expect(
      rankOptions(
        [
          { value: 'io', label: 'British Indian Ocean Territory' },
          { value: 'gb', label: 'United Kingdom', preferred: ['British'], keywords: ['GB'] },
        ],
        'gb',
      ).map((option) => option.value),
    ).toEqual(['gb']);
  });

  it('ignores accents, chooses with the keyboard and says how many match', async () => {
    renderSelect();
    await userEvent.click(trigger());
    const search = screen.getByRole('combobox', { name: 'Search Nationality' });
    await userEvent.type(search, 'mexi');
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('1 result');
    await userEvent.clear(search);
    await userEvent.type(search, 'españa');
    expect(options()).toEqual(['Spain']);
    expect(search).toHaveAttribute('aria-activedescendant', screen.getByRole('option').id);
    await userEvent.keyboard('{Enter}');
    expect(trigger()).toHaveTextContent('Spain');
  });

  it('says when nothing matches', async () => {
    renderSelect();
    await userEvent.click(trigger());
    await userEvent.type(screen.getByRole('combobox', { name: 'Search Nationality' }), 'Atlantis');
    expect(screen.getByText('Nothing matches “Atlantis”.')).toBeInTheDocument();
  });

  it('names countries in the customer’s language', async () => {
    await setLocale('es', { remember: false });
    renderSelect(<Harness initial={countries[1]?.id ?? null} />);
    expect(await screen.findByRole('combobox', { name: 'Nationality' })).toHaveTextContent(
      'Reino Unido',
    );
    expect(document.querySelector('input[name="nationality"]')).toHaveValue(countries[1]?.id);
  });

  it('has loading, error and disabled states', async () => {
    const onRetry = vi.fn();
    renderSelect(
      <>
        <CountrySelect label="A" countries={[]} value={null} onChange={vi.fn()} loading />
        <CountrySelect
          label="B"
          countries={[]}
          value={null}
          onChange={vi.fn()}
          loadError={{ message: 'We could not reach Corridor.', onRetry }}
        />
        <CountrySelect label="C" countries={countries} value={null} onChange={vi.fn()} disabled />
        <CountrySelect
          label="D"
          countries={countries}
          value={null}
          onChange={vi.fn()}
          error="Choose your nationality."
        />
      </>,
    );
    expect(await screen.findByText('Loading the list')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveAccessibleName('We could not load the list for B');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByRole('combobox', { name: 'C' })).toBeDisabled();
    const withError = screen.getByRole('combobox', { name: 'D' });
    expect(withError).toHaveAttribute('aria-invalid', 'true');
    expect(withError).toHaveAccessibleDescription('Choose your nationality.');
  });
});

describe('CurrencySelect', () => {
  it('lists currencies by name and code with their country’s flag', async () => {
    renderSelect(
      <CurrencySelect
        label="Currency"
        currencies={['GBP', 'EUR', 'PHP']}
        value="EUR"
        onChange={vi.fn()}
      />,
    );
    const field = await screen.findByRole('combobox', { name: 'Currency' });
    expect(field).toHaveTextContent('Euro');
    await userEvent.click(field);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search Currency' }), 'php');
    const option = screen.getByRole('option');
    expect(option).toHaveTextContent('Philippine Peso');
    expect(option.querySelector('img')?.getAttribute('src')).toMatch(/PH\.svg/);
  });
});
