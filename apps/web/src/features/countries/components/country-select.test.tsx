import type { Country } from '@corridor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n';
import { countryFixture } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { CountrySelect } from './country-select';

const countries: Country[] = [
  { ...countryFixture('IO', 'British Indian Ocean Territory', '+246', 11), demonym: 'Indian' },
  { ...countryFixture('VG', 'British Virgin Islands', '+1', 12), demonym: 'Virgin Islander' },
  { ...countryFixture('GB', 'United Kingdom', '+44', 13), demonym: 'British' },
  { ...countryFixture('US', 'United States', '+1', 14), demonym: 'American' },
  { ...countryFixture('AS', 'American Samoa', '+1', 15), demonym: 'American Samoan' },
  { ...countryFixture('AE', 'United Arab Emirates', '+971', 16), demonym: 'Emirati' },
  { ...countryFixture('DE', 'Germany', '+49', 17), demonym: 'German' },
  { ...countryFixture('TN', 'Tunisia', '+216', 18), demonym: 'Tunisian' },
];

function Picker({
  withCallingCode = false,
  initial = null,
}: {
  withCallingCode?: boolean;
  initial?: string | null;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <CountrySelect
      label="Nationality"
      countries={countries}
      value={value}
      onChange={setValue}
      withCallingCode={withCallingCode}
    />
  );
}

function renderPicker(withCallingCode = false, initial: string | null = null) {
  return renderRoutes(
    [{ path: '/', element: <Picker withCallingCode={withCallingCode} initial={initial} /> }],
    '/',
  );
}

const field = () => screen.getByRole('combobox', { name: 'Nationality' });
// The dialog's search box ("Search Nationality", "Buscar en Nationality").
const searchBox = () => within(screen.getByRole('dialog')).getByRole('combobox');
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

/** Opens the picker and types `text` into its search box. */
async function search(text: string) {
  if (screen.queryByRole('dialog') === null) await userEvent.click(field());
  await userEvent.clear(searchBox());
  await userEvent.type(searchBox(), text);
}

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

/** What Chromium's phone emulation changes: a 390 × 844 window, and taps rather than clicks. */
function asPhone() {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width: 390, height: 844 });
  return userEvent.setup({ pointerEventsCheck: 0 });
}

async function tap(user: ReturnType<typeof userEvent.setup>, target: Element) {
  await user.pointer({ keys: '[TouchA]', target });
}

describe('CountrySelect', () => {
  afterEach(async () => {
    (window as unknown as HappyDomWindow).happyDOM.setViewport({ width: 1024, height: 768 });
    await setLocale('en', { remember: false });
  });

  it('defect 3: on a phone, a tap opens the whole list on the screen, and typing filters it', async () => {
    const user = asPhone();
    renderPicker();
    await tap(user, field());
    // Not a dropdown positioned against the page (which, measured while hidden, widened a
    // phone's page and was hidden as detached): a dialog that fills the screen.
    const dialog = await screen.findByRole('dialog', { name: 'Nationality' });
    expect(dialog.closest('[data-full-screen]') ?? dialog).toHaveAttribute('data-full-screen');
    const listbox = within(dialog).getByRole('listbox', { name: 'Nationality' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(countries.length);
    await waitFor(() => expect(searchBox()).toHaveFocus());
    await user.type(searchBox(), 'Uni');
    await waitFor(() =>
      expect(optionNames()).toEqual([
        'United Arab Emirates',
        'United Kingdom',
        'United States',
        'Tunisia',
      ]),
    );
    await tap(user, screen.getByRole('option', { name: 'United Kingdom' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field()).toHaveTextContent('United Kingdom');
  });

  it('defect 26: "Brit" lists the United Kingdom first, "American" the United States', async () => {
    renderPicker();
    await search('Brit');
    expect(optionNames()).toEqual([
      'United Kingdom',
      'British Indian Ocean Territory',
      'British Virgin Islands',
    ]);
    await search('American');
    expect(optionNames()).toEqual(['United States', 'American Samoa']);
    await search('UK');
    expect(optionNames()[0]).toBe('United Kingdom');
    await search('USA');
    expect(optionNames()).toEqual(['United States']);
    await search('U.K.');
    expect(optionNames()[0]).toBe('United Kingdom');
  });

  it("names and sorts the countries in the customer's language, and finds them in any", async () => {
    await setLocale('es', { remember: false });
    renderPicker();
    await userEvent.click(field());
    await waitFor(() =>
      expect(optionNames()).toEqual([
        'Alemania',
        'Emiratos Árabes Unidos',
        'Estados Unidos',
        'Islas Vírgenes Británicas',
        'Reino Unido',
        'Samoa Americana',
        'Territorio Británico del Océano Índico',
        'Túnez',
      ]),
    );
    await search('Germany');
    expect(optionNames()).toEqual(['Alemania']);
    await search('Brit');
    expect(optionNames()[0]).toBe('Reino Unido');
    await search('Francia');
    expect(await screen.findByText('Ningún país coincide')).toBeInTheDocument();
  });

  it('finds a calling code in a picker of calling codes', async () => {
    renderPicker(true);
    await search('+44');
    expect(optionNames()).toEqual(['United Kingdom +44']);
    await userEvent.keyboard('{Enter}');
    expect(field()).toHaveTextContent('United Kingdom +44');
  });

  it('shows the flag of each country and of the chosen one, as decoration', async () => {
    renderPicker(false, countries[2]?.id ?? null);
    // Drawn in the field's frame, before the name.
    const chosenFlag = field().parentElement?.querySelector('img');
    expect(chosenFlag?.getAttribute('src')).toMatch(/GB\.svg/);
    expect(chosenFlag).toHaveAttribute('alt', '');
    expect(field()).toHaveTextContent('United Kingdom');
    await search('Germany');
    const option = screen.getByRole('option', { name: 'Germany' });
    expect(option.querySelector('img')?.getAttribute('src')).toMatch(/DE\.svg/);
    expect(option).toHaveAttribute('aria-selected', 'false');
  });

  it('carries its label, description, required mark, error and disabled state', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <CountrySelect
                label="Country of birth"
                description="As on your passport."
                required
                error="Choose your country of birth."
                countries={countries}
                value={null}
                onChange={vi.fn()}
              />
              <CountrySelect
                label="Nationality"
                disabled
                countries={countries}
                value={null}
                onChange={vi.fn()}
              />
            </>
          ),
        },
      ],
      '/',
    );
    const birth = screen.getByRole('combobox', { name: 'Country of birth' });
    expect(birth).toHaveAttribute('aria-required', 'true');
    expect(birth).toHaveAttribute('aria-invalid', 'true');
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('As on your passport.'));
    expect(birth).toHaveAccessibleDescription(
      expect.stringContaining('Choose your country of birth.'),
    );
    expect(screen.getByText('Country of birth')).toHaveTextContent('Country of birth *');
    expect(field()).toBeDisabled();
  });

  it('says which countries could not be loaded and retries', async () => {
    const onRetry = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <CountrySelect
              label="Nationality"
              countries={[]}
              value={null}
              onChange={vi.fn()}
              loadError={{ message: 'Check your connection, then try again.', onRetry }}
            />
          ),
        },
      ],
      '/',
    );
    expect(await screen.findByRole('alert')).toHaveAccessibleName(
      'We could not load the list for Nationality',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
