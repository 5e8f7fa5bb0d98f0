import crypto from 'node:crypto';
import { apiPaths, countryListSchema, type Country } from '@corridor/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countryWaitlist } from './countries.schema.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestBrowser } from '../../test/test-browser.ts';

const testApp = appPerFile();
let countries: Country[];
const country = (iso2: string): Country => {
  const found = countries.find((c) => c.iso2_alpha === iso2);
  if (!found) throw new Error(`no ${iso2}`);
  return found;
};
const newEmail = () => `waitlist-${crypto.randomUUID()}@example.com`;

beforeAll(async () => {
  const response = await testApp.app.inject({ method: 'GET', url: apiPaths.countries });
  countries = countryListSchema.parse(response.json()).data;
});

async function waitlistRows(email: string, countryId: string) {
  return testApp.database.db
    .select()
    .from(countryWaitlist)
    .where(
      and(
        eq(countryWaitlist.email_normalized, email.toLowerCase()),
        eq(countryWaitlist.country_id, countryId),
      ),
    );
}

describe('defect 19: which countries Corridor serves is known before sign-up', () => {
  it('defect 19: the public country list marks exactly the source countries as served', async () => {
    // Public: a visitor without any session gets it.
    const response = await testApp.app.inject({ method: 'GET', url: apiPaths.countries });
    expect(response.statusCode).toBe(200);
    const served = countries.filter((c) => c.is_served).map((c) => c.iso2_alpha);
    expect(served.sort()).toEqual(['AU', 'CA', 'GB', 'IE', 'US']);
    expect(country('DE').is_served).toBe(false);
  });

  it('defect 19: a visitor from an unserved country joins the waitlist (200), once per address', async () => {
    const browser = new TestBrowser(testApp.app);
    const email = newEmail();
    const germany = country('DE');
    const first = await browser.post(apiPaths.countryWaitlist, { email, country_id: germany.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Thank you. We will email you when Corridor opens in Germany.',
    });
    // Again, in another case: the same answer, still one row.
    const again = await browser.post(apiPaths.countryWaitlist, {
      email: email.toUpperCase(),
      country_id: germany.id.toUpperCase(),
    });
    expect(again.statusCode).toBe(200);
    const rows = await waitlistRows(email, germany.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, locale: 'en' });
  });

  it('defect 19: asked in Spanish, the answer and the kept language are Spanish', async () => {
    const browser = new TestBrowser(testApp.app);
    const email = newEmail();
    const germany = country('DE');
    const response = await browser.request(
      'POST',
      apiPaths.countryWaitlist,
      { email, country_id: germany.id },
      { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Gracias. Te escribiremos cuando Corridor esté disponible en Alemania.',
    });
    expect((await waitlistRows(email, germany.id))[0]?.locale).toBe('es');
  });

  it('defect 19: a served country is a 422 on country_id; a bad body is a 422 per field', async () => {
    const browser = new TestBrowser(testApp.app);
    const served = await browser.post(apiPaths.countryWaitlist, {
      email: newEmail(),
      country_id: country('GB').id,
    });
    expect(served.statusCode).toBe(422);
    expect(served.json()).toMatchObject({
      errors: { country_id: ['Corridor already serves United Kingdom: sign up to start sending.'] },
    });
    const unknown = await browser.post(apiPaths.countryWaitlist, {
      email: 'not-an-email',
      country_id: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      errors: { email: ['The email must be a valid email address.'] },
    });
    const nowhere = await browser.post(apiPaths.countryWaitlist, {
      email: newEmail(),
      country_id: crypto.randomUUID(),
    });
    expect(nowhere.json()).toMatchObject({
      errors: { country_id: ['Choose a country from the list.'] },
    });
  });

  it('defect 19: like every POST, the waitlist needs the XSRF token', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.countryWaitlist,
      payload: { email: newEmail(), country_id: country('DE').id },
    });
    expect(response.statusCode).toBe(419);
  });
});
