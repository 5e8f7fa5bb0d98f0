import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  cardEventSchema,
  SIGNATURE_HEADER,
  verifyCallback,
  type CardEvent,
} from './provider-callbacks.ts';

/** What applying an accepted event did: a replay or a stale event changes nothing. */
export type CallbackOutcome = 'applied' | 'duplicate' | 'ignored';

export interface ProviderCallbackRoutesOptions {
  /** Each card provider's callback secrets by its code (two while one replaces the other). */
  secrets: ReadonlyMap<string, readonly string[]>;
  clock: Clock;
  /** Applies a verified event (the transfers' use case): once per event id. */
  apply(providerCode: string, event: CardEvent): Promise<CallbackOutcome>;
}

/** A callback is a small JSON document. */
const CALLBACK_BODY_LIMIT_BYTES = 16_384;

/**
 * POST /webhooks/payments/{providerCode} (docs/decisions/0046-signed-provider-callbacks.md): a
 * payment provider tells the product a payment's outcome. No session and no CSRF token (nor a
 * customer's Idempotency-Key): the signature over the raw body and its timestamp is the
 * authentication, checked before the body is even parsed; each event id is applied once.
 */
export const providerCallbackRoutes: FastifyPluginAsync<ProviderCallbackRoutesOptions> = async (
  app,
  { secrets, clock, apply },
) => {
  // The raw bytes, for the signature: this plugin's JSON parser keeps the body as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Params: { providerCode: string } }>(
    '/webhooks/payments/:providerCode',
    { config: { csrf: false, access: 'public' }, schema: { hide: true } },
    async (request) => {
      const { providerCode } = request.params;
      const providerSecrets = secrets.get(providerCode);
      if (!providerSecrets) throw new AppError('not_found');
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[SIGNATURE_HEADER];
      const check = verifyCallback(
        rawBody,
        typeof header === 'string' ? header : undefined,
        providerSecrets,
        clock.now(),
      );
      if (!check.ok) {
        // Logged without the body: a refused callback is someone's probe or a misconfiguration.
        request.log.warn(
          { event: 'payments.callback_refused', providerCode, reason: check.reason },
          'payment callback refused: bad signature',
        );
        throw new AppError('unauthenticated', { message: 'Invalid signature.' });
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new AppError('bad_request', { message: 'The body is not valid JSON.' });
      }
      const event = cardEventSchema.safeParse(parsed);
      if (!event.success) {
        request.log.error(
          { event: 'payments.callback_malformed', providerCode },
          'payment callback signed but malformed',
        );
        throw new AppError('bad_request', { message: 'Not a payment event.' });
      }
      const outcome = await apply(providerCode, event.data);
      return { received: true, outcome };
    },
  );
};
