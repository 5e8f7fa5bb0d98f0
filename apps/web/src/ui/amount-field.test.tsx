import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n';
import { renderRoutes } from '@/test/render';
import { AmountField, type AmountFieldProps } from './amount-field';

const changes: (string | null)[] = [];

function Harness(props: Partial<AmountFieldProps>) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <AmountField
      label="You send"
      currency="GBP"
      {...props}
      value={value}
      onChange={(next) => {
        changes.push(next);
        if (next !== null) setValue(next);
      }}
    />
  );
}

function renderField(props: Partial<AmountFieldProps> = {}) {
  changes.length = 0;
  return renderRoutes([{ path: '/', element: <Harness {...props} /> }], '/');
}

const field = () => screen.getByRole('textbox', { name: 'You send' });

describe('AmountField', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('opens the decimal keypad and hands on a decimal string, formatted once left', async () => {
    renderField();
    expect(field()).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(field(), '1250.5');
    expect(changes.at(-1)).toBe('1250.5');
    await userEvent.tab();
    expect(field()).toHaveValue('1,250.50');
    expect(screen.getByText('GBP')).toBeInTheDocument();
  });

  it('reads Spanish amounts ("1.250,5") as Spanish speakers type them', async () => {
    await setLocale('es', { remember: false });
    renderField({ currency: 'EUR' });
    const input = await screen.findByRole('textbox', { name: 'You send' });
    await userEvent.type(input, '1.250,5');
    expect(changes.at(-1)).toBe('1250.5');
    await userEvent.tab();
    expect(input).toHaveValue('1250,50');
  });

  it('shows a value given from outside, formatted', () => {
    renderField({ value: '99.9' });
    expect(field()).toHaveValue('99.90');
  });

  it('marks long figures, which its styles draw smaller to fit beside a picker', () => {
    renderField({ value: '9613082' });
    expect(field()).toHaveValue('9,613,082.00');
    expect(field()).toHaveAttribute('data-long');
  });

  it('does not mark short figures', () => {
    renderField({ value: '5000' });
    expect(field()).not.toHaveAttribute('data-long');
  });

  it('says when the currency has fewer decimals than typed', async () => {
    renderField({ currency: 'JPY' });
    await userEvent.type(field(), '10.5');
    expect(changes.at(-1)).toBeNull();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription('JPY amounts have no decimal places.');
  });

  it('allows the decimals the server gives for the currency, over the browser’s own table', async () => {
    renderField({ currency: 'GBP', decimals: 0, value: '1500' });
    expect(field()).toHaveValue('1,500');
    await userEvent.clear(field());
    await userEvent.type(field(), '10.5');
    expect(changes.at(-1)).toBeNull();
    expect(field()).toHaveAccessibleDescription('GBP amounts have no decimal places.');
  });

  it('tells the screen when the customer leaves it', async () => {
    let left = 0;
    renderField({ onBlur: () => (left += 1) });
    await userEvent.type(field(), '12');
    expect(left).toBe(0);
    await userEvent.tab();
    expect(left).toBe(1);
  });

  it('draws the currency’s symbol before the figures', () => {
    renderField({ prefix: '£' });
    expect(screen.getByText('£')).toHaveClass('amount-field__prefix');
  });

  it('says what an amount looks like once a non-amount is left', async () => {
    renderField();
    await userEvent.type(field(), 'ten');
    expect(field()).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.tab();
    expect(field()).toHaveAccessibleDescription('Enter an amount in figures, such as 1,250.00.');
  });

  it('shows the screen’s error in place of its own, and can be disabled', () => {
    renderField({ error: 'The most you can send is £5,000.00.', disabled: true });
    expect(field()).toBeDisabled();
    expect(field()).toHaveAccessibleDescription('The most you can send is £5,000.00.');
  });

  it('has a loading state of its size that says so', async () => {
    renderField({ loading: true });
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    expect(screen.getByText('You send')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
