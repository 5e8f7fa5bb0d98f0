import type { Customer } from '@corridor/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setCustomer } from '@/features/customers';
import { formatDateTime, setLocale } from '@/i18n';
import { onboardedCustomerFixture } from '@/test/fixtures';
import { validationError } from '@/test/handlers';
import { server } from '@/test/msw-server';
import {
  cashMethod,
  indiaTarget,
  philippinesTarget,
  php,
  quoteFixture,
  quoteRecipientFixture,
  rateHistoryFixture,
  savedQuoteFixture,
  savedQuoteId,
  ukSource,
  usSource,
  walletMethod,
  bankMethod,
} from '@/test/quote-fixtures';
import { renderRoutes } from '@/test/render';
import { Calculator, prepareCalculator, type CalculatorProps } from './calculator';

type Answer = (params: URLSearchParams) => Response | Promise<Response>;

/** Answers GET /client/v1/quote with `answer`, keeping every request's parameters. */
function serveQuotes(answer: Answer = () => HttpResponse.json(quoteFixture())) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/client/v1/quote', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      return answer(params);
    }),
  );
  return requests;
}

/** The quote for an amount typed on a side, as the server would price it (a small table). */
function priced(params: URLSearchParams): Response {
  const amount = params.get('amount');
  if (params.get('amount_type') === 'receive' && amount === '5000') {
    return HttpResponse.json(
      quoteFixture({
        amount_type: 'receive',
        amount: '5000',
        send: '47.44',
        receive: '5000.00',
        total: '49.43',
      }),
    );
  }
  if (params.get('amount_type') === 'send' && amount === '250') {
    return HttpResponse.json(
      quoteFixture({ send: '250.00', receive: '26350.78', total: '251.99', amount: '250' }),
    );
  }
  return HttpResponse.json(quoteFixture());
}

/** Records POSTs to `path` (body and Idempotency-Key) and answers with `answer`. */
function servePost(path: string, answer: () => Response) {
  const posts: { body: unknown; key: string | null }[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      posts.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return answer();
    }),
  );
  return posts;
}

function renderCalculator(
  props: CalculatorProps = {},
  customer: Customer = onboardedCustomerFixture(),
) {
  setCustomer(customer);
  return renderRoutes(
    [
      { path: '/dashboard', element: <Calculator {...props} /> },
      { path: '/transfer/:quoteId', element: <p>Transfer wizard</p> },
    ],
    '/dashboard',
  );
}

const sendField = () => screen.getByRole('textbox', { name: 'You send' });
const receiveField = (name = 'Recipient gets') => screen.getByRole('textbox', { name });
const disclosure = () => screen.getByRole('region', { name: 'What this transfer costs' });

/** The figure the disclosure gives for a term. */
function figure(term: string): HTMLElement {
  const line = within(disclosure()).getByText(term).closest('div');
  const value = line?.querySelector('dd');
  if (!value) throw new Error(`No figure for ${term}`);
  return value;
}

async function typeAmount(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

/** The request keys that pick the quote's corridor, method and partner. */
function selection(params: URLSearchParams) {
  return {
    payment_country_id: params.get('payment_country_id'),
    payment_currency_id: params.get('payment_currency_id'),
    payout_country_id: params.get('payout_country_id'),
    payout_currency_id: params.get('payout_currency_id'),
    payout_method_id: params.get('payout_method_id'),
  };
}

const defaultSelection = {
  payment_country_id: ukSource.country.id,
  payment_currency_id: ukSource.currency.id,
  payout_country_id: indiaTarget.country.id,
  payout_currency_id: indiaTarget.currency.id,
  payout_method_id: bankMethod.id,
};

describe('Calculator', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('renders a first quote prepared before it at once, priced, and asks for no other', async () => {
    // The dashboard's loader waits for the first quote: the calculator drew its skeleton
    // anyway and then the form, growing over what was below it (a layout shift).
    const requests = serveQuotes();
    await prepareCalculator();
    renderCalculator();
    expect(screen.getByRole('form', { name: 'Price a transfer' })).toBeInTheDocument();
    expect(sendField()).toHaveValue('100.00');
    expect(screen.queryByText('Loading the calculator')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('asks for the server’s default quote and shows every cost of it, computing nothing', async () => {
    const requests = serveQuotes();
    renderCalculator();
    expect(await screen.findByRole('form', { name: 'Price a transfer' })).toBeInTheDocument();
    expect([...(requests[0]?.keys() ?? [])]).toEqual([]);

    expect(sendField()).toHaveValue('100.00');
    expect(receiveField()).toHaveValue('10,540.31');
    expect(screen.getByText('1 GBP = 105.4031 INR', { selector: 'span' })).toBeInTheDocument();
    expect(figure('Mid-market rate')).toHaveTextContent('1 GBP = 105.8800 INR');
    expect(figure('Our rate')).toHaveTextContent('1 GBP = 105.4031 INR');
    expect(figure('Our markup on the rate')).toHaveTextContent('0.45%');
    expect(figure('What the markup costs you')).toHaveTextContent('£0.45');
    expect(figure('Our fee')).toHaveTextContent('£1.99');
    expect(figure('Total cost')).toHaveTextContent('£2.442.44% of what you send');
    expect(figure('Recipient gets')).toHaveTextContent('₹10,540.31');
    expect(figure('Total to pay')).toHaveTextContent('£101.99');
    expect(figure('Estimated arrival')).toHaveTextContent(
      formatDateTime(bankMethod.estimated_arrival, 'en'),
    );
    // The method's instruction, with its arrival in the customer's language and time zone.
    expect(screen.getByText('Check the IFSC code with the recipient.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Bank account/ })).toBeChecked();
    expect(
      screen.getByText(`Arrives by ${formatDateTime(walletMethod.estimated_arrival, 'en')}`),
    ).toBeInTheDocument();
  });

  it('says "Zero" when there is no fee', async () => {
    serveQuotes(() => HttpResponse.json(quoteFixture({ fee: '0.00', total: '100.00' })));
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    expect(figure('Our fee')).toHaveTextContent(/^Zero$/);
    expect(screen.getAllByText('Zero')[0]).toHaveAttribute('data-tone', 'success');
  });

  it('re-quotes what is sent once the customer pauses, and shows the server’s figures', async () => {
    const requests = serveQuotes(priced);
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(sendField(), '250');

    await waitFor(() => expect(receiveField()).toHaveValue('26,350.78'));
    // One request for the pause, not one per key.
    expect(requests).toHaveLength(2);
    const asked = requests[1] ?? new URLSearchParams();
    expect(asked.get('amount_type')).toBe('send');
    expect(asked.get('amount')).toBe('250');
    expect(selection(asked)).toEqual(defaultSelection);
    expect(figure('Recipient gets')).toHaveTextContent('₹26,350.78');
    expect(figure('Total to pay')).toHaveTextContent('£251.99');
    // What the customer typed stays as typed.
    expect(sendField()).toHaveValue('250');
    expect(
      await screen.findByText('The recipient gets ₹26,350.78. You pay £251.99 in all.'),
    ).toBeInTheDocument();
  });

  it('re-quotes what the recipient gets when that side is typed, in the customer’s language', async () => {
    await setLocale('es', { remember: false });
    const requests = serveQuotes(priced);
    renderCalculator();
    await screen.findByRole('form', { name: 'Calcula un envío' });
    // A Spanish speaker types a comma for decimals; a plain decimal string is sent.
    await typeAmount(screen.getByRole('textbox', { name: 'El destinatario recibe' }), '5000,00');

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Envías' })).toHaveValue('47,44'),
    );
    expect(requests.at(-1)?.get('amount_type')).toBe('receive');
    expect(requests.at(-1)?.get('amount')).toBe('5000');
    expect(screen.getByRole('button', { name: 'Enviar dinero' })).toBeInTheDocument();
    const costs = screen.getByRole('region', { name: 'Lo que cuesta este envío' });
    expect(within(costs).getByText('Tipo de cambio medio del mercado')).toBeInTheDocument();
    expect(costs).toHaveTextContent('1 GBP = 105,8800 INR');
    expect(costs).toHaveTextContent('0,45 %');
  });

  it('issue 28: writes every rate on the card in the customer’s language', async () => {
    await setLocale('es', { remember: false });
    // The server writes its rate lines with a point (and commas between thousands).
    serveQuotes(() =>
      HttpResponse.json({
        ...quoteFixture({
          methods: [
            { ...bankMethod, sell_rate_formatted: '1 GBP = 1,112.31808 INR' },
            { ...walletMethod, sell_rate_formatted: '1 INR = 0.0094875 GBP' },
          ],
        }),
        exchange_rate_formatted: '1 GBP = 1,112.31808 INR',
      }),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Calcula un envío' });

    const rateRow = screen.getByText('Nuestro tipo de cambio', { selector: 'span' }).parentElement;
    expect(rateRow).toHaveTextContent('1 GBP = 1112,31808 INR');
    expect(
      screen.getByRole('radio', { name: /Cuenta bancaria|Bank account/ }).closest('label'),
    ).toHaveTextContent('Tipo 1 GBP = 1112,31808 INR');
    expect(screen.getByText('Tipo 1 INR = 0,0094875 GBP')).toBeInTheDocument();
    // No rate anywhere on the card keeps the server's point.
    const card = screen.getByRole('form', { name: 'Calcula un envío' }).textContent;
    for (const english of ['112.31808', '0.0094875', '105.4031', '105.8800']) {
      expect(card).not.toContain(english);
    }
  });

  it('shows the server’s figure in the field typed once the customer leaves it', async () => {
    serveQuotes((params) =>
      HttpResponse.json(
        params.get('amount') === '5000'
          ? quoteFixture({
              amount_type: 'receive',
              amount: '5000',
              send: '47.44',
              receive: '5000.22',
            })
          : quoteFixture(),
      ),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(receiveField(), '5000');
    await waitFor(() => expect(sendField()).toHaveValue('47.44'));
    // Still typing: the text stays as typed.
    expect(receiveField()).toHaveValue('5000');
    await userEvent.tab();
    // Was '5,000.22', the inexact payout the server then answered: a fixed receive amount is
    // paid exactly (issue 28), so the field shows the amount fixed, as the server read it.
    expect(receiveField()).toHaveValue('5,000.00');
  });

  it('keeps a fixed receive amount exactly when the delivery method changes', async () => {
    // The answer the server gave before issue 28: ₹40,000.19 for ₹40,000 fixed, by wallet.
    const requests = serveQuotes((params) =>
      HttpResponse.json(
        params.get('amount_type') === 'receive'
          ? quoteFixture({
              amount_type: 'receive',
              amount: '40000.00',
              send: '379.50',
              receive: params.get('payout_method_id') === walletMethod.id ? '40000.19' : '40000.63',
              total: '381.49',
              method:
                params.get('payout_method_id') === walletMethod.id ? walletMethod : bankMethod,
            })
          : quoteFixture(),
      ),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(receiveField(), '40000');
    await waitFor(() => expect(sendField()).toHaveValue('379.50'));
    await userEvent.tab();
    expect(receiveField()).toHaveValue('40,000.00');

    await userEvent.click(screen.getByRole('radio', { name: /Mobile wallet/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Mobile wallet/ })).toBeChecked());
    const asked = requests.at(-1) ?? new URLSearchParams();
    expect([asked.get('amount_type'), asked.get('amount')]).toEqual(['receive', '40000']);
    expect(receiveField()).toHaveValue('40,000.00');
  });

  it('clears every figure for -50, 0 and "abc", and says why at the field', async () => {
    const requests = serveQuotes((params) =>
      HttpResponse.json(
        params.get('amount') === '999999'
          ? quoteFixture({
              send: '999999.00',
              receive: '999999999999.87',
              fee: '26743642.30',
              total: '27743641.30',
              amount: '999999',
              alerts: { send_amount: 'The most you can send is GBP 15,000.00.' },
            })
          : quoteFixture(),
      ),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(sendField(), '999999');
    await waitFor(() => expect(figure('Recipient gets')).toHaveTextContent('₹999,999,999,999.87'));
    const priced = requests.length;

    const cases = [
      ['-50', 'Enter an amount greater than zero, in figures, such as 1,250.00.'],
      ['0', 'Enter an amount greater than zero.'],
      ['abc', 'Enter an amount greater than zero, in figures, such as 1,250.00.'],
    ] as const;
    for (const [text, why] of cases) {
      await typeAmount(sendField(), text);
      await waitFor(() => expect(sendField()).toHaveAccessibleDescription(why));
      expect(receiveField()).toHaveValue('');
      for (const term of ['Recipient gets', 'Our fee', 'Total cost', 'Total to pay']) {
        expect(figure(term)).toHaveTextContent(/^—$/);
      }
      const form = screen.getByRole('form', { name: 'Price a transfer' });
      expect(form).not.toHaveTextContent(/999,999,999,999\.87|26,743,642\.30|15,000\.00/);
    }
    // None of them was asked of the server.
    expect(requests).toHaveLength(priced);
  });

  it('says where the total is shown that the fee is added on top, in English and Spanish', async () => {
    serveQuotes(() =>
      HttpResponse.json(quoteFixture({ send: '500.00', fee: '2.49', total: '502.49' })),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    expect(figure('Total to pay')).toHaveTextContent('£502.49');
    expect(disclosure()).toHaveTextContent(
      'Total to payWhat you send, £500.00, with our fee of £2.49 added on top.',
    );
    await act(() => setLocale('es', { remember: false }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Lo que cuesta este envío' })).toHaveTextContent(
        /Total a pagarLo que envías, 500,00\sGBP, más nuestra comisión de 2,49\sGBP, que se suma aparte\./,
      ),
    );
  });

  it('never lets a slow answer to an older amount overwrite a newer one', async () => {
    let releaseSlow: () => void = () => undefined;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowDone: Promise<unknown> = Promise.resolve();
    const requests = serveQuotes((params) => {
      if (params.get('amount') === '300') {
        const answer = slowGate.then(() =>
          HttpResponse.json(quoteFixture({ send: '300.00', receive: '31620.93' })),
        );
        slowDone = answer;
        return answer;
      }
      if (params.get('amount') === '3000') {
        return HttpResponse.json(quoteFixture({ send: '3000.00', receive: '316209.30' }));
      }
      return HttpResponse.json(quoteFixture());
    });
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(sendField(), '300');
    await waitFor(() => expect(requests.at(-1)?.get('amount')).toBe('300'));

    await userEvent.type(sendField(), '0');
    await waitFor(() => expect(receiveField()).toHaveValue('316,209.30'));
    await act(async () => {
      releaseSlow();
      await slowDone;
    });
    expect(receiveField()).toHaveValue('316,209.30');
    expect(figure('Recipient gets')).toHaveTextContent('₹316,209.30');
  });

  it('shows a limit’s alert under the field it concerns', async () => {
    serveQuotes((params) =>
      HttpResponse.json(
        params.get('amount_type') === 'receive'
          ? quoteFixture({
              alerts: { payout_amount: 'The most they can receive is INR 500,000.00.' },
            })
          : quoteFixture({ alerts: { send_amount: 'The most you can send is GBP 15,000.00.' } }),
      ),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    expect(sendField()).toHaveAccessibleDescription('The most you can send is GBP 15,000.00.');
    expect(receiveField()).not.toHaveAccessibleDescription(/most/);

    await typeAmount(receiveField(), '900000');
    await waitFor(() =>
      expect(receiveField()).toHaveAccessibleDescription(
        'The most they can receive is INR 500,000.00.',
      ),
    );
    expect(sendField()).not.toHaveAccessibleDescription(/most/);
  });

  it('puts a 422 `amount` under the side typed, and `send_amount` under You send', async () => {
    serveQuotes((params) => {
      if (params.get('amount') === '7') {
        return validationError({ amount: ['Enter at least INR 100.'] });
      }
      if (params.get('amount') === '8') {
        return validationError({ send_amount: ['Send at least GBP 1.00.'] });
      }
      return HttpResponse.json(quoteFixture());
    });
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(receiveField(), '7');
    await waitFor(() =>
      expect(receiveField()).toHaveAccessibleDescription('Enter at least INR 100.'),
    );
    expect(disclosure()).toHaveTextContent('These figures are for the last amount we priced.');

    await typeAmount(sendField(), '8');
    await waitFor(() => expect(sendField()).toHaveAccessibleDescription('Send at least GBP 1.00.'));
    expect(receiveField()).not.toHaveAccessibleDescription('Enter at least INR 100.');
  });

  it('replaces the calculator with the server’s message on a 503, and Retry brings it back', async () => {
    let down = true;
    const requests = serveQuotes(() =>
      down
        ? HttpResponse.json(
            { message: 'Exchange rates are unavailable right now.' },
            { status: 503 },
          )
        : HttpResponse.json(quoteFixture()),
    );
    renderCalculator();
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent("We can't price a transfer right now");
    expect(panel).toHaveTextContent('Exchange rates are unavailable right now.');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Price a transfer' })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('a 503 while typing also turns it red; Retry asks for the same amount again', async () => {
    let down = false;
    const requests = serveQuotes((params) =>
      down
        ? HttpResponse.json(
            { message: 'Exchange rates are unavailable right now.' },
            { status: 503 },
          )
        : priced(params),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    down = true;
    await typeAmount(sendField(), '250');
    expect(
      await screen.findByText('Exchange rates are unavailable right now.'),
    ).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(receiveField()).toHaveValue('26,350.78'));
    expect(requests.at(-1)?.get('amount')).toBe('250');
  });

  it('shows why a transfer cannot be sent in place of the button', async () => {
    serveQuotes(() =>
      HttpResponse.json(
        quoteFixture({ transfer_disable_reason: 'Transfers to India are paused until 14:00.' }),
      ),
    );
    renderCalculator();
    expect(
      await screen.findByText('Transfers to India are paused until 14:00.'),
    ).toBeInTheDocument();
    expect(screen.getByText("You can't send this transfer yet")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send money' })).not.toBeInTheDocument();
  });

  it('tells a customer blocked from sending to contact support, with no button', async () => {
    serveQuotes();
    renderCalculator({}, { ...onboardedCustomerFixture(), is_blocked_for_sending: true });
    expect(
      await screen.findByText(
        'Sending money is restricted on your account. Please contact support.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send money' })).not.toBeInTheDocument();
  });

  it('links to account verification while the proof of identity is owed', async () => {
    serveQuotes();
    const poi = {
      id: '7d1e4c2a-1b2c-4d3e-8f40-000000000001',
      code: 'POI',
      title: 'Proof of identity',
      description: null,
      document_types: [],
    };
    renderCalculator({}, { ...onboardedCustomerFixture(), pending_documents: [poi] });
    const link = await screen.findByRole('link', { name: 'Verify your identity' });
    expect(link).toHaveAttribute('href', '/account-verification');
    expect(screen.getByRole('button', { name: 'Send money' })).toBeInTheDocument();
  });

  it('re-quotes with the ids of a new target, and of a new method', async () => {
    const requests = serveQuotes((params) =>
      HttpResponse.json(
        params.get('payout_country_id') === philippinesTarget.country.id
          ? quoteFixture({
              target: philippinesTarget,
              receive: '7310.00',
              methods: [walletMethod, cashMethod],
            })
          : quoteFixture({
              method:
                params.get('payout_method_id') === walletMethod.id ? walletMethod : bankMethod,
            }),
      ),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });

    await userEvent.click(screen.getByRole('radio', { name: /Mobile wallet/ }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.get('payout_method_id')).toBe(walletMethod.id);
    expect(requests[1]?.get('payout_company_id')).toBeNull();
    expect(requests[1]?.get('amount_type')).toBe('send');
    expect(requests[1]?.get('amount')).toBe('100.00');
    expect(await screen.findByText('No fee on wallet transfers this month.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Mobile wallet/ })).toBeChecked();

    await userEvent.click(
      screen.getByRole('combobox', { name: 'Country and currency the recipient gets' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: /Philippines/ }));
    await waitFor(() => expect(requests).toHaveLength(3));
    const asked = requests[2] ?? new URLSearchParams();
    expect(asked.get('payout_country_id')).toBe(philippinesTarget.country.id);
    expect(asked.get('payout_currency_id')).toBe(php.id);
    // The new country's methods are not the old one's: the server picks.
    expect(asked.get('payout_method_id')).toBeNull();
    expect(asked.get('amount_type')).toBe('send');
    await waitFor(() => expect(receiveField()).toHaveValue('7,310.00'));
    expect(screen.getByRole('radio', { name: /Cash pickup/ })).toBeInTheDocument();
  });

  it('offers the source currencies with flags only when there is more than one', async () => {
    const requests = serveQuotes((params) =>
      HttpResponse.json(
        params.get('payment_currency_id') === usSource.currency.id
          ? quoteFixture({ source: usSource })
          : quoteFixture(),
      ),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency you send' }));
    await userEvent.click(await screen.findByRole('option', { name: /United States/ }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.get('payment_country_id')).toBe(usSource.country.id);
    expect(requests[1]?.get('payment_currency_id')).toBe(usSource.currency.id);
    await waitFor(() => expect(figure('Total to pay')).toHaveTextContent('$101.99'));
  });

  it('has no source picker for a single source', async () => {
    serveQuotes(() => HttpResponse.json(quoteFixture({ sources: [ukSource] })));
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    expect(screen.queryByRole('combobox', { name: 'Currency you send' })).not.toBeInTheDocument();
    expect(screen.getByText('GBP')).toBeInTheDocument();
  });

  it('saves the quote with an Idempotency-Key and opens /transfer/{id}; a retry reuses the key', async () => {
    serveQuotes();
    let fail = true;
    const posts = servePost('/client/v1/quote', () =>
      fail
        ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
        : HttpResponse.json(savedQuoteFixture()),
    );
    const { router } = renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });

    await userEvent.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findByText('Your transfer was not started')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findByText('Transfer wizard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/transfer/${savedQuoteId}`);

    expect(posts).toHaveLength(2);
    expect(posts[0]?.key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(posts[1]?.key).toBe(posts[0]?.key);
    expect(posts[0]?.body).toEqual({
      ...defaultSelection,
      payout_company_id: quoteFixture().payout_company?.id,
      amount_type: 'send',
      amount: '100.00',
    });
  });

  it('prices an amount typed but not yet priced before saving it', async () => {
    const requests = serveQuotes(priced);
    const posts = servePost('/client/v1/quote', () => HttpResponse.json(savedQuoteFixture()));
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(sendField(), '250');
    // At once, before the pause would have asked.
    await userEvent.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findByText('Transfer wizard')).toBeInTheDocument();
    expect(requests.at(-1)?.get('amount')).toBe('250');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ amount_type: 'send', amount: '250' });
  });

  it('does not save a quote whose amount is out of bounds, nor an empty amount', async () => {
    serveQuotes((params) =>
      HttpResponse.json(
        params.get('amount') === '20000'
          ? quoteFixture({ alerts: { send_amount: 'The most you can send is GBP 15,000.00.' } })
          : quoteFixture(),
      ),
    );
    const posts = servePost('/client/v1/quote', () => HttpResponse.json(savedQuoteFixture()));
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });

    await userEvent.clear(sendField());
    await userEvent.click(screen.getByRole('button', { name: 'Send money' }));
    expect(sendField()).toHaveAccessibleDescription('Enter an amount.');
    expect(sendField()).toHaveFocus();

    await userEvent.type(sendField(), '20000');
    await userEvent.click(screen.getByRole('button', { name: 'Send money' }));
    await waitFor(() =>
      expect(sendField()).toHaveAccessibleDescription('The most you can send is GBP 15,000.00.'),
    );
    await waitFor(() => expect(sendField()).toHaveFocus());
    expect(posts).toHaveLength(0);
  });

  it('issue 28: back from /transfer/{id}, the calculator has what the customer left, not the defaults', async () => {
    // ₹40,000 fixed on the receive side, by cash pickup: Back used to show £100 by bank again.
    const requests = serveQuotes((params) =>
      HttpResponse.json(
        params.get('amount_type') === 'receive'
          ? quoteFixture({
              amount_type: 'receive',
              amount: '40000.00',
              send: '379.50',
              receive: '40000.00',
              total: '381.49',
              methods: [bankMethod, walletMethod, cashMethod],
              method: params.get('payout_method_id') === cashMethod.id ? cashMethod : bankMethod,
            })
          : quoteFixture({ methods: [bankMethod, walletMethod, cashMethod] }),
      ),
    );
    servePost('/client/v1/quote', () => HttpResponse.json(savedQuoteFixture()));
    const first = renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(receiveField(), '40000');
    await waitFor(() => expect(sendField()).toHaveValue('379.50'));
    await userEvent.click(screen.getByRole('radio', { name: /Cash pickup/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Cash pickup/ })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findByText('Transfer wizard')).toBeInTheDocument();

    // Back: the calculator mounts again, and asks for what it had.
    await act(() => first.router.navigate(-1));
    await screen.findByRole('form', { name: 'Price a transfer' });
    const asked = requests.at(-1) ?? new URLSearchParams();
    expect(selection(asked)).toEqual({ ...defaultSelection, payout_method_id: cashMethod.id });
    expect([asked.get('amount_type'), asked.get('amount')]).toEqual(['receive', '40000.00']);
    expect(receiveField()).toHaveValue('40,000.00');
    expect(sendField()).toHaveValue('379.50');
    expect(screen.getByRole('radio', { name: /Cash pickup/ })).toBeChecked();
  });

  it('issue 28: the dashboard’s loader asks for what the calculator had, which renders at once', async () => {
    const requests = serveQuotes(priced);
    const first = renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(sendField(), '250');
    await waitFor(() => expect(receiveField()).toHaveValue('26,350.78'));
    first.unmount();
    const asked = requests.length;

    await prepareCalculator();
    renderCalculator();
    expect(sendField()).toHaveValue('250.00');
    expect(receiveField()).toHaveValue('26,350.78');
    expect(requests).toHaveLength(asked + 1);
    expect(requests.at(-1)?.get('amount')).toBe('250');
  });

  it('issue 28: a calculator left as the server set it asks for the defaults again', async () => {
    const requests = serveQuotes();
    const first = renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    first.unmount();
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    expect(requests).toHaveLength(2);
    expect([...(requests[1]?.keys() ?? [])]).toEqual([]);
  });

  it('issue 28: what the server no longer prices is forgotten, and the defaults are asked', async () => {
    let refuse = false;
    const requests = serveQuotes((params) =>
      refuse && params.get('amount') === '250'
        ? validationError({ amount: ['This corridor is closed.'] })
        : priced(params),
    );
    const first = renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    await typeAmount(sendField(), '250');
    await waitFor(() => expect(receiveField()).toHaveValue('26,350.78'));
    first.unmount();
    refuse = true;
    renderCalculator();
    await waitFor(() => expect(sendField()).toHaveValue('100.00'));
    expect(requests.at(-2)?.get('amount')).toBe('250');
    expect([...(requests.at(-1)?.keys() ?? [])]).toEqual([]);
  });

  it('scoped to a recipient: their corridor and method, fixed, and send-money to them', async () => {
    const recipient = quoteRecipientFixture();
    const requests = serveQuotes();
    const posts = servePost(`/client/v1/recipient/send-money/${recipient.id}`, () =>
      HttpResponse.json(savedQuoteFixture(quoteFixture(), recipient)),
    );
    const { router } = renderCalculator({ recipient });
    await screen.findByRole('form', { name: 'Price a transfer' });
    expect(selection(requests[0] ?? new URLSearchParams())).toEqual({
      payment_country_id: null,
      payment_currency_id: null,
      payout_country_id: indiaTarget.country.id,
      payout_currency_id: indiaTarget.currency.id,
      payout_method_id: bankMethod.id,
    });
    expect(receiveField('Priya Sharma gets')).toHaveValue('10,540.31');
    expect(
      screen.getByRole('combobox', { name: 'Country and currency the recipient gets' }),
    ).toBeDisabled();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /Bank account/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findByText('Transfer wizard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/transfer/${savedQuoteId}`);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.key).not.toBeNull();
    expect(posts[0]?.body).toMatchObject({ ...defaultSelection, amount_type: 'send' });
  });

  it('loads the rate history only when opened, and sums it up in words', async () => {
    serveQuotes();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/client/v1/rates/history', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: rateHistoryFixture() });
      }),
    );
    renderCalculator();
    await screen.findByRole('form', { name: 'Price a transfer' });
    const toggle = screen.getByRole('button', { name: 'Rate history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(asked).toHaveLength(0);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const chart = await screen.findByRole('img', { name: 'GBP to INR, last 30 days' });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.get('source_currency')).toBe('GBP');
    expect(asked[0]?.get('target_currency')).toBe('INR');
    expect(chart).toHaveAccessibleDescription(
      'Mid-market rate of 1 GBP in INR, day by day. Lowest 1 GBP = 103.2000 INR on Nov 3. ' +
        'Highest 1 GBP = 107.9500 INR on Nov 20. Latest 1 GBP = 105.8800 INR on Nov 30.',
    );
    const stats = screen.getByText('Lowest').closest('dl');
    expect(stats).toHaveTextContent(
      'Lowest103.2000 Nov 3Highest107.9500 Nov 20Latest105.8800 Nov 30',
    );
  });
});
