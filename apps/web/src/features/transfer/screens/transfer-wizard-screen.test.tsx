import type { Transaction } from '@corridor/contracts';
import { disclosureLines, quoteDisclosureFigures } from '@corridor/contracts/wire/disclosure';
import { disclosureTexts } from '@corridor/contracts/wire/disclosure-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { setLocale } from '@/i18n';
import { onboardedCustomerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { quoteRecipientFixture } from '@/test/quote-fixtures';
import { serveRecipientsApi } from '@/test/recipient-fixtures';
import {
  bankTransfer,
  familySupport,
  methodAskingFor,
  confirmedTransactionFixture,
  transferQuoteFixture,
} from '@/test/transfer-fixtures';
import {
  confirmTransfer,
  fillReview,
  renderWizard,
  reviewHeading,
  serveConfirm,
  serveQuotes,
  slow,
} from './transfer-wizard-test-kit';

const created = (body: Transaction) => HttpResponse.json(body, { status: 201 });

describe('TransferWizardScreen: steps', () => {
  it('asks once for the quote, from the route loader, and draws the wizard with it', async () => {
    // Asked for as the wizard mounted, the whole wizard rendered again, in one task, when the
    // answer came (issue 31); the loader's answer then went stale at once and was asked again.
    const quote = transferQuoteFixture({ recipient: quoteRecipientFixture() });
    const seen = serveQuotes(quote);
    renderWizard(quote.id);
    await reviewHeading();
    expect(seen.gets).toBe(1);
  });

  it('opens on choosing the recipient when the quote has none; choosing one goes on to review', async () => {
    const priya = quoteRecipientFixture();
    const bare = transferQuoteFixture({ recipient: null, recipients: [priya] });
    const withPriya = transferQuoteFixture({ recipient: priya });
    serveQuotes(bare);
    let chosen: unknown;
    server.use(
      http.post('/client/v1/quote/recipient/:id', async ({ request }) => {
        chosen = await request.json();
        return HttpResponse.json(withPriya);
      }),
    );
    const user = userEvent.setup();
    renderWizard(bare.id);

    const heading = await screen.findByRole('heading', { name: 'Choose your recipient' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your recipients in India' });
    await user.click(within(list).getByRole('button', { name: /Priya Sharma/ }));

    const review = await reviewHeading();
    expect(chosen).toEqual({ recipient_id: priya.id });
    await waitFor(() => expect(review).toHaveFocus());
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    // The recipient step is done: checked on the rail, and chosen again from there.
    expect(
      screen.getByRole('button', { name: /^Choose your recipient.*done$/ }),
    ).toBeInTheDocument();
  });

  it('adds a recipient in the add-recipient dialog, loaded when asked for', async () => {
    const bare = transferQuoteFixture({ recipient: null, recipients: [] });
    serveQuotes(bare);
    serveRecipientsApi();
    const user = userEvent.setup();
    renderWizard(bare.id);

    await screen.findByRole('heading', { name: 'Add recipient details' });
    expect(
      screen.getByText('You have no recipients for this country and delivery method yet.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a new recipient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a recipient' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for the address first when the profile owes it, then goes on to review', async () => {
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    renderWizard(quote.id, {
      ...onboardedCustomerFixture(),
      is_address_information_required: true,
    });
    expect(
      await screen.findByRole('heading', { name: 'Provide your address' }),
    ).toBeInTheDocument();
    // The recipient is chosen already: step 2 of recipient, address, review and payment.
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('shows the full cost before confirming, with the one way to pay chosen already', async () => {
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    renderWizard(quote.id);
    await reviewHeading();
    // The receipt's own disclosure lines (one template, packages/contracts/src/disclosure.ts).
    const disclosure = screen.getByRole('region', { name: 'What you pay and what arrives' });
    const lines = disclosureLines(quoteDisclosureFigures(quote), disclosureTexts.en, 'en', {
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(lines.map((line) => line.label)).toEqual([
      'Amount sent',
      'Transfer fee',
      'Mid-market rate',
      'Our exchange rate',
      'Our markup on the rate',
      'Total cost (fee and markup)',
      'Total (amount sent and fee)',
      'Amount the recipient receives',
      'Available to the recipient by',
      'Your right to cancel',
      'Your right to dispute',
    ]);
    for (const line of lines) {
      const term = within(disclosure).getByText(line.label);
      expect(term.nextElementSibling?.textContent).toBe(line.value);
    }
    expect(within(disclosure).getByText(/Cancel free for 30 minutes after you pay/)).toBeVisible();
    expect(screen.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
  });

  it('shows the disclosure in Spanish', async () => {
    await setLocale('es', { remember: false });
    onTestFinished(() => setLocale('en', { remember: false }));
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    renderWizard(quote.id);
    const disclosure = await screen.findByRole(
      'region',
      { name: 'Lo que pagas y lo que llega' },
      slow,
    );
    for (const line of disclosureLines(quoteDisclosureFigures(quote), disclosureTexts.es, 'es', {
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })) {
      expect(within(disclosure).getByText(line.label).nextElementSibling?.textContent).toBe(
        line.value,
      );
    }
    expect(within(disclosure).getByText('Tu derecho a reclamar')).toBeInTheDocument();
  });

  it('says every missing item at once and sends nothing', async () => {
    const quote = transferQuoteFixture({
      paymentMethods: [bankTransfer, methodAskingFor()],
    });
    serveQuotes(quote);
    const calls = serveConfirm(() => HttpResponse.json({}, { status: 500 }));
    const user = userEvent.setup();
    renderWizard(quote.id);
    await reviewHeading();
    await user.click(screen.getByRole('radio', { name: /PayID/ }));
    await confirmTransfer(user);

    expect(await screen.findByText('Choose why you are sending money.')).toBeInTheDocument();
    expect(screen.getByText('Enter Your email.')).toBeInTheDocument();
    expect(
      screen.getByText('Confirm that you are sending your own money for yourself.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('TransferWizardScreen: confirming', () => {
  it('confirms with an Idempotency-Key and the provider’s details, then goes to /pay/{id}', async () => {
    const quote = transferQuoteFixture({ paymentMethods: [methodAskingFor()] });
    serveQuotes(quote);
    const calls = serveConfirm(() => created(confirmedTransactionFixture(quote)));
    const user = userEvent.setup();
    renderWizard(quote.id);
    await fillReview(user);
    await user.type(screen.getByRole('textbox', { name: /Your email/ }), 'ada@example.com');
    await confirmTransfer(user);

    expect(await screen.findByText('Payment screen', {}, slow)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0]?.body).toEqual({
      purpose_id: familySupport.id,
      payment_method_id: quote.payment_methods[0]?.id,
      payment_data: { payer_email: 'ada@example.com' },
      third_party_declaration_accepted: true,
    });
  });

  it('shows a 422 under its fields, payment details included', async () => {
    const quote = transferQuoteFixture({ paymentMethods: [methodAskingFor()] });
    serveQuotes(quote);
    serveConfirm(() =>
      HttpResponse.json(
        {
          message: 'Check the form.',
          errors: {
            purpose_id: ['That purpose is not offered any more.'],
            'payment_data.payer_email': ['Enter a valid email address.'],
          },
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    renderWizard(quote.id);
    await fillReview(user);
    await user.type(screen.getByRole('textbox', { name: /Your email/ }), 'ada@');
    await confirmTransfer(user);

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('That purpose is not offered any more.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Your email/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
