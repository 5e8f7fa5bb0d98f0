import { supportedLocales, type Locale } from '@corridor/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { requestLocale } from '../../i18n/index.ts';
import { Money } from '../../lib/money.ts';
import type { PaymentRow } from './payments.repository.ts';
import { SANDBOX_CARD_PATH, validPageToken } from './sandbox-card.ts';
import {
  cardFormPage,
  challengePage,
  closedPage,
  invalidLinkPage,
  type CardPageFacts,
} from './sandbox-card-page.ts';
import type { CardForm, SandboxCardService, SubmitResult } from './sandbox-card-service.ts';

export interface SandboxCardRoutesOptions {
  service: SandboxCardService;
  /** The first callback secret: the page links' tokens are made with it. */
  secret: string;
  appUrl: string;
}

/** A card form is small: four short fields. */
const FORM_BODY_LIMIT_BYTES = 4096;

type PageRequest = FastifyRequest<{
  Params: { paymentId: string };
  Querystring: { token?: string; lang?: string };
  Body: Record<string, string> | undefined;
}>;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);

/**
 * The sandbox card provider's hosted page (docs/sandbox-providers.md#payments), served by this
 * server under /sandbox/card as if it were the provider's site: the card form, its 3-D Secure
 * challenge, and the browser sent back to /payment/cb/{transactionId}. The page's token is the
 * credential (no session, no CSRF token: the provider's own form). The card is posted here,
 * never to the client API; only its brand and last four are kept.
 */
export const sandboxCardRoutes: FastifyPluginAsync<SandboxCardRoutesOptions> = async (
  app,
  { service, secret, appUrl },
) => {
  // Callbacks go to this same server's routes when it has them (a worker process has none and
  // posts to APP_URL instead).
  service.useTransport(async ({ path, headers, body }) => {
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { statusCode: response.statusCode };
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const localeOf = (request: PageRequest): Locale => {
    const lang = request.query.lang;
    return supportedLocales.find((locale) => locale === lang) ?? requestLocale(request);
  };

  const pageUrl = (paymentId: string, request: PageRequest, suffix = '') => {
    const url = new URL(`${SANDBOX_CARD_PATH}/${paymentId}${suffix}`, appUrl);
    url.searchParams.set('token', request.query.token ?? '');
    url.searchParams.set('lang', localeOf(request));
    return `${url.pathname}${url.search}`;
  };

  const backTo = (transactionId: string) =>
    new URL(`/payment/cb/${transactionId}`, appUrl).toString();

  const factsOf = (payment: PaymentRow, action: string): CardPageFacts => ({
    amount: `${payment.currency} ${Money.fromMinor(payment.amount_minor, payment.currency).toDecimalString()}`,
    reference: payment.reference,
    action,
  });

  /** The payment the link names, or the 403 page already sent (a forged or foreign link). */
  async function linkedPayment(request: PageRequest, reply: FastifyReply) {
    const { paymentId } = request.params;
    const valid =
      /^[0-9a-f-]{36}$/.test(paymentId) &&
      validPageToken(secret, paymentId, request.query.token ?? '');
    const payment = valid ? await service.payment(paymentId) : undefined;
    if (!payment) {
      // A browser opening the link gets a page; an API client (or a fuzzer) the error envelope.
      if (!(request.headers.accept?.includes('text/html') ?? false)) {
        throw new AppError('forbidden');
      }
      await html(reply, 403, invalidLinkPage(localeOf(request)));
      return undefined;
    }
    return payment;
  }

  /** Where the browser goes after a submit or a challenge. */
  async function answer(
    request: PageRequest,
    reply: FastifyReply,
    payment: PaymentRow,
    result: SubmitResult,
  ) {
    const locale = localeOf(request);
    switch (result.kind) {
      case 'decided':
        return reply.code(303).header('location', backTo(result.transactionId)).send();
      case 'challenge':
        return reply
          .code(303)
          .header('location', pageUrl(payment.id, request, '/3ds'))
          .send();
      case 'closed':
        return html(reply, 409, closedPage(locale, backTo(payment.transaction_id)));
      case 'invalid': {
        const body = request.body ?? {};
        const kept = {
          ...(body.holder ? { holder: body.holder.slice(0, 100) } : {}),
          ...(body.expiry ? { expiry: body.expiry.slice(0, 9) } : {}),
        };
        const facts = factsOf(payment, pageUrl(payment.id, request));
        return html(reply, 422, cardFormPage(locale, facts, { errors: result.errors, kept }));
      }
    }
  }

  const options = {
    config: { csrf: false, access: 'public' as const },
    schema: { hide: true },
  };

  app.get(`${SANDBOX_CARD_PATH}/:paymentId`, options, async (request: PageRequest, reply) => {
    const payment = await linkedPayment(request, reply);
    if (!payment) return reply;
    const locale = localeOf(request);
    const charge = await service.charge(payment.id);
    if (payment.state !== 'PENDING' || (charge && charge.outcome !== 'challenge')) {
      return html(reply, 200, closedPage(locale, backTo(payment.transaction_id)));
    }
    if (charge)
      return reply
        .code(303)
        .header('location', pageUrl(payment.id, request, '/3ds'))
        .send();
    return html(reply, 200, cardFormPage(locale, factsOf(payment, pageUrl(payment.id, request))));
  });

  app.post(`${SANDBOX_CARD_PATH}/:paymentId`, options, async (request: PageRequest, reply) => {
    const payment = await linkedPayment(request, reply);
    if (!payment) return reply;
    const body = request.body ?? {};
    const form: CardForm = {
      number: body.number,
      expiry: body.expiry,
      cvc: body.cvc,
      holder: body.holder,
    };
    return answer(request, reply, payment, await service.submit(payment.id, form));
  });

  app.get(`${SANDBOX_CARD_PATH}/:paymentId/3ds`, options, async (request: PageRequest, reply) => {
    const payment = await linkedPayment(request, reply);
    if (!payment) return reply;
    const locale = localeOf(request);
    const charge = await service.charge(payment.id);
    if (payment.state !== 'PENDING' || charge?.outcome !== 'challenge') {
      return html(reply, 200, closedPage(locale, backTo(payment.transaction_id)));
    }
    const facts = factsOf(payment, pageUrl(payment.id, request, '/3ds'));
    return html(reply, 200, challengePage(locale, { ...facts, last4: charge.last4 }));
  });

  app.post(`${SANDBOX_CARD_PATH}/:paymentId/3ds`, options, async (request: PageRequest, reply) => {
    const payment = await linkedPayment(request, reply);
    if (!payment) return reply;
    const passed = request.body?.result === 'pass';
    return answer(request, reply, payment, await service.answerChallenge(payment.id, passed));
  });
};
