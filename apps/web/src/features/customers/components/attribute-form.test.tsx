import type { Attribute } from '@corridor/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n';
import {
  attributeFixture,
  nigeria,
  onboardedCustomerFixture,
  ukAttributesFixture,
} from '@/test/fixtures';
import { serveCountries, servePost, validationError } from '@/test/handlers';
import { renderRoutes } from '@/test/render';
import { getCustomer, setCustomer } from '../customer-store';
import { AttributeForm } from './attribute-form';

function renderForm(attributes: Attribute[], category: Attribute['category'] = 'identity') {
  serveCountries();
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <AttributeForm
            category={category}
            attributes={attributes}
            submitLabel="Save"
            savedMessage="Saved."
          />
        ),
      },
    ],
    '/',
  );
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const identity = () => ukAttributesFixture().filter((a) => a.category === 'identity');
const address = () => ukAttributesFixture().filter((a) => a.category === 'address');

describe('AttributeForm', () => {
  it("shows each attribute's label, hint, placeholder and required mark", async () => {
    renderForm(address(), 'address');
    const postcode = field(/^Postcode/);
    expect(postcode).toHaveAttribute('placeholder', 'SW1A 1AA');
    expect(postcode).toBeRequired();
    expect(screen.getByText('Postcode').parentElement).toHaveTextContent('Postcode *');
  });

  it('shows the info text as the description of its field', async () => {
    renderForm(identity());
    expect(await screen.findByText('You must be 18 or over.')).toBeInTheDocument();
    expect(field(/^Date of birth/)).toHaveAccessibleDescription('You must be 18 or over.');
  });

  it('limits the date of birth to 18 years ago', () => {
    renderForm(identity());
    const input = field(/^Date of birth/);
    expect(input).toHaveAttribute('type', 'date');
    const max = new Date();
    expect(input.getAttribute('max')).toMatch(new RegExp(`^${max.getFullYear() - 18}-`));
  });

  it("shows the server's message when a value fails its pattern on blur, and clears it when fixed", async () => {
    renderForm(address(), 'address');
    const postcode = field(/^Postcode/);
    await userEvent.type(postcode, 'nope');
    expect(screen.queryByText('Enter a real postcode, like SW1A 1AA.')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText('Enter a real postcode, like SW1A 1AA.')).toBeInTheDocument();
    expect(postcode).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(postcode);
    await userEvent.type(postcode, 'SW1A 1AA');
    expect(screen.queryByText('Enter a real postcode, like SW1A 1AA.')).not.toBeInTheDocument();
  });

  it('issue 28: stops a name at its 100 characters, and says so of a longer one', async () => {
    const name = attributeFixture({
      attribute: 'name',
      label: 'First name',
      regular_expression: '^[^0-9_@#$%^&*()+=\\[\\]{}|\\\\/<>;:!?"~`]{1,100}$',
      expression_error_message: 'Use letters, spaces, hyphens and apostrophes only.',
      max_length: 100,
    });
    const first = renderForm([name]);
    const input = field(/^First name/);
    expect(input).toHaveAttribute('maxlength', '100');
    await userEvent.click(input);
    await userEvent.paste('a'.repeat(195));
    expect(input).toHaveValue('a'.repeat(100));
    await userEvent.tab();
    expect(screen.queryByText(/letters, spaces/)).not.toBeInTheDocument();

    // A longer name stored before the limit was shown is told by its length.
    first.unmount();
    renderForm([{ ...name, value: 'b'.repeat(195) }]);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 100 characters.')).toBeInTheDocument();
  });

  it('checks every field on submit and sends nothing while one is wrong or missing', async () => {
    const post = servePost('/client/v1/update', () => onboardedCustomerFixture());
    renderForm(address(), 'address');
    await userEvent.type(field(/^Postcode/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a real postcode, like SW1A 1AA.')).toBeInTheDocument();
    expect(screen.getByText('Enter your town or city.')).toBeInTheDocument();
    expect(post.count).toBe(0);
  });

  it('sends nested objects from the dotted keys and stores the customer the server returns', async () => {
    const saved = { ...onboardedCustomerFixture(), crn: 'SAVED' };
    const post = servePost('/client/v1/update', () => saved);
    setCustomer(onboardedCustomerFixture());
    renderForm(identity());
    await userEvent.type(field(/^First name/), 'Ada');
    await userEvent.type(field(/^Last name/), 'Lovelace');
    fireEvent.change(field(/^Date of birth/), { target: { value: '1990-05-17' } });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Nationality' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search Nationality' }), 'Niger');
    await userEvent.click(await screen.findByRole('option', { name: 'Nigeria' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(post.search).toBe('?category=identity');
    expect(post.body).toEqual({
      name: 'Ada',
      second_name: 'Lovelace',
      birth_detail: { birth_date: '1990-05-17' },
      nationality_id: nigeria.id,
    });
    expect(getCustomer()?.crn).toBe('SAVED');
  });

  it("shows the server's 422 under the field named by its dotted key", async () => {
    servePost('/client/v1/update', () =>
      validationError({ 'address.postcode': ['This postcode does not exist.'] }),
    );
    renderForm(address(), 'address');
    await userEvent.type(field(/^Postcode/), 'ZZ1 1ZZ');
    await userEvent.type(field(/^Town or city/), 'Nowhere');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This postcode does not exist.')).toBeInTheDocument();
    expect(field(/^Postcode/)).toHaveAccessibleDescription('This postcode does not exist.');
  });

  it('offers the options of a select attribute and sends the chosen value', async () => {
    const post = servePost('/client/v1/update', () => onboardedCustomerFixture());
    renderForm(
      ukAttributesFixture().filter((a) => a.category === 'employment'),
      'employment',
    );
    await userEvent.click(field(/^Occupation/));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Accountant',
      'Engineer',
      'Other',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Engineer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post.body).toEqual({ employment: { occupation_id: 'ENGINEER' } }));
    expect(post.search).toBe('?category=employment');
  });

  it("applies the server's mask as the customer types", async () => {
    const post = servePost('/client/v1/update', () => onboardedCustomerFixture());
    renderForm([
      attributeFixture({
        attribute: 'unique_identity_number',
        label: 'National Insurance number',
        mask: 'aa 00 00 00 a',
      }),
    ]);
    const input = field(/^National Insurance number/);
    await userEvent.type(input, 'QQ123456C');
    expect(input).toHaveValue('QQ 12 34 56 C');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post.body).toEqual({ unique_identity_number: 'QQ 12 34 56 C' }));
  });

  describe('helps phones fill it in', () => {
    afterEach(async () => {
      await setLocale('en', { remember: false });
    });

    it('defect 25: autocomplete hints on name, birth date, address and postcode', () => {
      renderForm([
        attributeFixture({ attribute: 'name', label: 'First name' }),
        attributeFixture({ attribute: 'second_name', label: 'Middle name', is_required: false }),
        attributeFixture({ attribute: 'third_name', label: 'Last name' }),
        attributeFixture({
          attribute: 'birth_detail.birth_date',
          label: 'Date of birth',
          input_mode: 'date',
        }),
        attributeFixture({ attribute: 'address.address_line_1', label: 'Address line 1' }),
        attributeFixture({ attribute: 'address.address_line_2', label: 'Address line 2' }),
        attributeFixture({ attribute: 'address.city', label: 'Town or city' }),
        attributeFixture({ attribute: 'address.region', label: 'County' }),
        attributeFixture({ attribute: 'address.postcode', label: 'Postcode' }),
      ]);
      const hints: [RegExp, string][] = [
        [/^First name/, 'given-name'],
        [/^Middle name/, 'additional-name'],
        [/^Last name/, 'family-name'],
        [/^Date of birth/, 'bday'],
        [/^Address line 1/, 'address-line1'],
        [/^Address line 2/, 'address-line2'],
        [/^Town or city/, 'address-level2'],
        [/^County/, 'address-level1'],
        [/^Postcode/, 'postal-code'],
      ];
      for (const [label, hint] of hints) expect(field(label)).toHaveAttribute('autocomplete', hint);
    });

    it('defect 25: a postcode of digits opens the number pad; one with letters does not', () => {
      renderForm([
        attributeFixture({
          attribute: 'address.postcode',
          label: 'ZIP code',
          regular_expression: '^[0-9]{5}(-[0-9]{4})?$',
          mask: '00000[-0000]',
        }),
        attributeFixture({
          attribute: 'unique_identity_number',
          label: 'Tax file number',
          regular_expression: '^[0-9]{9}$',
        }),
        ...address(),
      ]);
      expect(field(/^ZIP code/)).toHaveAttribute('inputmode', 'numeric');
      expect(field(/^Tax file number/)).toHaveAttribute('inputmode', 'numeric');
      expect(field(/^Postcode/)).not.toHaveAttribute('inputmode');
      expect(field(/^Town or city/)).not.toHaveAttribute('inputmode');
    });

    it("defect 26: occupations in the alphabetical order of the customer's language, Other last", async () => {
      await setLocale('es', { remember: false });
      renderForm(
        [
          attributeFixture({
            attribute: 'employment.occupation',
            category: 'employment',
            label: 'Ocupación',
            input_mode: 'select',
            options: [
              { value: 'ENGINEER', label: 'Ingeniero' },
              { value: 'ACCOUNTANT', label: 'Contable' },
              { value: 'OTHER', label: 'Otra' },
              { value: 'REFEREE', label: 'Árbitro' },
              { value: 'DOCTOR', label: 'Médico' },
              { value: 'STUDENT', label: 'Estudiante' },
            ],
          }),
          attributeFixture({
            attribute: 'employment.salary_range',
            category: 'employment',
            label: 'Ingresos anuales',
            input_mode: 'select',
            options: [
              { value: 'LOW', label: 'Menos de 25.000' },
              { value: 'HIGH', label: '25.000 o más' },
            ],
          }),
        ],
        'employment',
      );
      await userEvent.click(field(/^Ocupación/));
      await waitFor(() =>
        expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
          'Árbitro',
          'Contable',
          'Estudiante',
          'Ingeniero',
          'Médico',
          'Otra',
        ]),
      );
      await userEvent.keyboard('{Escape}');
      // Income bands keep the server's order: they are a scale, not a list of names.
      await userEvent.click(field(/^Ingresos anuales/));
      await waitFor(() =>
        expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
          'Menos de 25.000',
          '25.000 o más',
        ]),
      );
    });

    it("asks in the customer's language around the server's label", async () => {
      await setLocale('es', { remember: false });
      renderForm([attributeFixture({ attribute: 'name', label: 'Nombre' })]);
      await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Introduce tu nombre.')).toBeInTheDocument();
    });
  });
});
