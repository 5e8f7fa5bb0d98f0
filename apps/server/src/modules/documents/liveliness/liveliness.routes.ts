import {
  apiPaths,
  livelinessTokenQuerySchema,
  livelinessTokenSchema,
  type LivelinessToken,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors/app-error.ts';
import { apiText, requestLocale } from '../../../i18n/index.ts';
import type { Clock } from '../../../lib/clock.ts';
import { requireActor } from '../../sessions/index.ts';
import { invalidLivenessPage, livenessPage } from './liveliness-page.ts';
import type { LivelinessTokens } from './liveliness-token.ts';

/** Where the sandbox liveness provider's page is served (under a server path prefix). */
export const SANDBOX_LIVENESS_PATH = '/sandbox/liveness';

/** The liveness providers this server offers: the sandbox's, as the catalogue's types say. */
const LIVENESS_APIS = new Set(['SYSTEM']);

export interface LivelinessRoutesOptions {
  tokens: LivelinessTokens;
  clock: Clock;
  /** The public origin the page's URL is built on. */
  appUrl: string;
}

/** A browser opening the link asks for a page; an API client (or the fuzz) gets the envelope. */
const wantsPage = (accept: string | undefined) => accept?.includes('text/html') ?? false;

export const livelinessRoutes: FastifyPluginAsyncZod<LivelinessRoutesOptions> = async (
  app,
  { tokens, clock, appUrl },
) => {
  app.get(
    apiPaths.livelinessToken,
    {
      schema: {
        summary: "A short-lived token and the URL of the liveness provider's page",
        tags: ['documents'],
        querystring: livelinessTokenQuerySchema,
        response: { 200: livelinessTokenSchema },
      },
    },
    async (request): Promise<LivelinessToken> => {
      const { customerId } = requireActor(request);
      if (!LIVENESS_APIS.has(request.query.api)) {
        throw AppError.validation({ api: [apiText('documentReview.liveness.unknownApi')] });
      }
      const { token, expiresAt } = tokens.issue(customerId, clock.now());
      const url = new URL(SANDBOX_LIVENESS_PATH, appUrl);
      url.searchParams.set('token', token);
      return { token, url: url.toString(), expires_at: expiresAt.toISOString() };
    },
  );

  app.get(
    SANDBOX_LIVENESS_PATH,
    {
      // Opened from the token's URL, possibly in another browser: the token is the credential.
      config: { access: 'public' },
      schema: {
        hide: true,
        querystring: z.object({ token: z.string().max(512).optional() }),
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const valid = tokens.verify(request.query.token ?? '', clock.now());
      if (valid) {
        return reply.type('text/html; charset=utf-8').send(livenessPage(locale, valid.expiresAt));
      }
      if (!wantsPage(request.headers.accept)) throw new AppError('forbidden');
      return reply.code(403).type('text/html; charset=utf-8').send(invalidLivenessPage(locale));
    },
  );
};
