import type { Country } from '@corridor/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n';
import { australia, countryFixture, nigeria, unitedKingdom, unitedStates } from '@/test/fixtures';
import { serveCountries, serveCsrfCookie, servePost, validationError } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes } from '@/test/render';
import { ServedCountriesNote } from './served-countries-note';

const germany = countryFixture('DE', 'Germany', '+49', 20);
const countries: Country[] = [
  { ...australia, is_served: true },
  germany,
  nigeria,
  { ...unitedKingdom, is_served: true },
  { ...unitedStates, is_served: true },
];

const served = countries.filter((country) => country.is_served);

function renderNote(email?: string) {
  serveCountries(countries, served);
  serveCsrfCookie();
  // A public screen's tree: no TanStack Query cache around it.
  return renderPublicRoutes([{ path: '/', element: <ServedCountriesNote email={email} /> }], '/');
}

const openWaitlist = async () =>
  userEvent.click(
    await screen.findByRole('button', {
      name: 'Live somewhere else? Tell me when Corridor opens there',
    }),
  );

describe('ServedCountriesNote', () => {
  afterEach(async () => {
    server.events.removeAllListeners();
    await setLocale('en', { remember: false });
  });

  it('defect 19: says which countries we serve before anyone signs up', async () => {
    renderNote();
    expect(
      await screen.findByText(
        'Corridor is open to people who live in these countries: Australia, United Kingdom, and United States.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the served countries from the five, and loads all 250 only for the waiting list', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    renderNote();
    await screen.findByText(/^Corridor is open to people who live in these countries/);
    expect(asked).toEqual(['/client/v1/countries/source']);

    await openWaitlist();
    await screen.findByRole('combobox', { name: /^Country you live in/ });
    expect(asked).toEqual(['/client/v1/countries/source', '/client/v1/countries']);
  });

  it('defect 19: tells a visitor elsewhere when their country opens (POST /country-waitlist)', async () => {
    const post = servePost('/client/v1/country-waitlist', () =>
      HttpResponse.json({ message: 'We will tell you.' }),
    );
    renderNote();
    await openWaitlist();
    const select = screen.getByRole('combobox', { name: /^Country you live in/ });
    // Only the countries we do not serve yet are offered.
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Choose your country',
      'Germany',
      'Nigeria',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Tell me when it opens' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Choose the country you live in.')).toBeInTheDocument();
    expect(post.count).toBe(0);

    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await userEvent.selectOptions(select, 'Germany');
    await userEvent.click(screen.getByRole('button', { name: 'Tell me when it opens' }));
    expect(
      await screen.findByText('Thank you. We will email you when Corridor opens in Germany.'),
    ).toBeInTheDocument();
    expect(post.body).toEqual({ email: 'ada@example.com', country_id: germany.id });
  });

  it("uses a signed-in customer's address and shows the server's 422 under its field", async () => {
    const post = servePost('/client/v1/country-waitlist', () =>
      validationError({ country_id: ['We already serve this country: sign up instead.'] }),
    );
    renderNote('ada@example.com');
    await openWaitlist();
    expect(screen.queryByRole('textbox', { name: /^Email/ })).not.toBeInTheDocument();
    expect(screen.getByText('We will write to ada@example.com.')).toBeInTheDocument();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /^Country you live in/ }),
      'Nigeria',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tell me when it opens' }));
    expect(
      await screen.findByText('We already serve this country: sign up instead.'),
    ).toBeInTheDocument();
    expect(post.body).toEqual({ email: 'ada@example.com', country_id: nigeria.id });
  });

  it('speaks Spanish, with the country names in Spanish', async () => {
    await setLocale('es', { remember: false });
    renderNote();
    expect(
      await screen.findByText(
        'Corridor está disponible para quienes viven en estos países: Australia, Estados Unidos y Reino Unido.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', {
        name: '¿Vives en otro país? Avísame cuando Corridor llegue allí',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^País en el que vives/ }).textContent).toContain(
        'Alemania',
      ),
    );
  });
});
