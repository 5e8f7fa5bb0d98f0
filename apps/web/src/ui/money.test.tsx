import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n';
import { renderRoutes } from '@/test/render';
import { Money, MoneySkeleton } from './money';

function renderMoney(node: ReactNode) {
  return renderRoutes([{ path: '/', element: <div data-testid="host">{node}</div> }], '/');
}

const host = () => screen.getByTestId('host');

describe('Money', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('formats an amount with its currency in the customer’s language, in tabular figures', async () => {
    renderMoney(<Money amount="1234.5" currency="GBP" />);
    expect(await screen.findByTestId('host')).toHaveTextContent('£1,234.50');
    expect(host().querySelector('.money')).toHaveAttribute('data-size', 'md');
  });

  it('formats in Spanish as Spanish readers write amounts', async () => {
    await setLocale('es', { remember: false });
    renderMoney(<Money amount="12345.5" currency="EUR" />);
    await screen.findByTestId('host');
    expect(host().textContent?.replace(/\s/g, ' ')).toBe('12.345,50 €');
  });

  it('never turns the amount into a float: 17 significant digits stay exact', () => {
    renderMoney(<Money amount="12345678901234567.89" currency="USD" />);
    expect(host()).toHaveTextContent('$12,345,678,901,234,567.89');
  });

  it('says "+" before a credit when asked, and nothing before zero', () => {
    renderMoney(
      <>
        <Money amount="10" currency="GBP" signed />
        <Money amount="0.00" currency="GBP" signed />
        <Money amount="-3" currency="GBP" signed />
      </>,
    );
    expect(host()).toHaveTextContent('+£10.00£0.00-£3.00');
  });

  it('shows what came when it cannot be formatted', () => {
    renderMoney(<Money amount="12.5" currency="NOTACODE" />);
    expect(host()).toHaveTextContent('12.5 NOTACODE');
  });

  it('has a loading state that says so to screen readers', async () => {
    renderMoney(<MoneySkeleton size="display" />);
    expect(await screen.findByText('Loading the amount')).toBeInTheDocument();
  });
});
