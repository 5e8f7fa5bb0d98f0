import type { QuoteRequest } from '@corridor/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n';
import { HttpError } from '@/lib/http-error';
import { quoteFixture } from '@/test/quote-fixtures';
import type { TypedAmount } from '../lib/quote-request';
import { useQuoteFormValidation } from './use-quote-form-validation';

interface Props {
  live: { error: unknown; request: QuoteRequest };
  sendError: unknown;
}

const quiet: Props = { live: { error: null, request: {} }, sendError: null };

function renderValidation(props: Props = quiet, quote = quoteFixture()) {
  return renderHook(
    ({ live, sendError }: Props) => useQuoteFormValidation(quote, live, sendError),
    { initialProps: props },
  );
}

type Rendered = ReturnType<typeof renderValidation>;

function type(rendered: Rendered, typed: TypedAmount) {
  act(() => rendered.result.current.setTyped(() => typed));
}

const refusal = (status: number, errors?: Record<string, string[]>) =>
  new HttpError(`HTTP ${status}`, {
    status,
    data: errors === undefined ? { message: 'No.' } : { message: 'No.', errors },
  });

describe('useQuoteFormValidation', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('says nothing while the amounts are the server’s, and shows its limit under its side', () => {
    const clean = renderValidation().result.current;
    expect(clean.outdated).toBe(false);
    expect(clean.fieldError('send')).toBeUndefined();
    expect(clean.fieldError('receive')).toBeUndefined();
    expect(clean.failure).toBeNull();
    expect(clean.unsendableSide()).toBeNull();

    const limited = renderValidation(
      quiet,
      quoteFixture({ alerts: { send_amount: 'The most you can send is GBP 15,000.00.' } }),
    ).result.current;
    expect(limited.fieldError('send')).toBe('The most you can send is GBP 15,000.00.');
    expect(limited.fieldError('receive')).toBeUndefined();
  });

  it('-50 and "abc" are not amounts, 0 is not above zero: said at the field typed, figures outdated', () => {
    const rendered = renderValidation(
      quiet,
      quoteFixture({ alerts: { send_amount: 'The most you can send is GBP 15,000.00.' } }),
    );
    type(rendered, { side: 'send', value: null, shown: '' });
    expect(rendered.result.current.outdated).toBe(true);
    expect(rendered.result.current.fieldError('send')).toBe(
      'Enter an amount greater than zero, in figures, such as 1,250.00.',
    );
    expect(rendered.result.current.fieldError('receive')).toBeUndefined();

    type(rendered, { side: 'receive', value: '0', shown: '0' });
    expect(rendered.result.current.outdated).toBe(true);
    expect(rendered.result.current.fieldError('receive')).toBe(
      'Enter an amount greater than zero.',
    );
    // The limit was the old amount's: not shown beside a figure no longer there.
    expect(rendered.result.current.fieldError('send')).toBeUndefined();
    expect(rendered.result.current.unsendableSide()).toBe('receive');
  });

  it('the example is in the field’s currency and the customer’s language', async () => {
    await setLocale('es', { remember: false });
    const rendered = renderValidation();
    type(rendered, { side: 'receive', value: null, shown: '' });
    expect(rendered.result.current.fieldError('receive')).toBe(
      'Escribe un importe mayor que cero, en cifras, como 1250,00.',
    );
  });

  it('an emptied amount asks for one on Send money, until the customer changes something', () => {
    const rendered = renderValidation();
    type(rendered, { side: 'send', value: '', shown: '' });
    expect(rendered.result.current.outdated).toBe(true);
    expect(rendered.result.current.fieldError('send')).toBeUndefined();
    act(() => void rendered.result.current.unsendableSide());
    expect(rendered.result.current.fieldError('send')).toBe('Enter an amount.');
    act(() => rendered.result.current.clearMissing());
    expect(rendered.result.current.fieldError('send')).toBeUndefined();
  });

  it('an amount typed that is one can be sent', () => {
    const rendered = renderValidation();
    type(rendered, { side: 'send', value: '250', shown: '250' });
    expect(rendered.result.current.outdated).toBe(false);
    expect(rendered.result.current.unsendableSide()).toBeNull();
  });

  it('puts the quote’s 422 `amount` under the side asked, and outdates the figures', () => {
    const rendered = renderValidation({
      live: {
        error: refusal(422, { amount: ['Enter at most 2 decimals.'] }),
        request: { amount_type: 'receive', amount: '1.234' },
      },
      sendError: null,
    });
    expect(rendered.result.current.outdated).toBe(true);
    expect(rendered.result.current.fieldError('receive')).toBe('Enter at most 2 decimals.');
    expect(rendered.result.current.fieldError('send')).toBeUndefined();
  });

  it('puts Send money’s 422 under its amount, other keys and other failures in the panel', () => {
    const placed = renderValidation({
      live: quiet.live,
      sendError: refusal(422, { send_amount: ['Too much.'], purpose: ['Choose one.'] }),
    }).result.current;
    expect(placed.fieldError('send')).toBe('Too much.');
    expect(placed.failure).toBe('Choose one.');
    expect(placed.outdated).toBe(false);

    const failed = renderValidation({ live: quiet.live, sendError: refusal(500) }).result.current;
    expect(failed.failure).toBe('Something went wrong on our side. Please try again.');
    expect(failed.fieldError('send')).toBeUndefined();
  });
});
