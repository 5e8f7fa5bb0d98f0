import {
  apiPaths,
  customerSchema,
  loginRequestSchema,
  messageResponseSchema,
  otpRequestSchema,
  signupRequestSchema,
} from '@corridor/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiText, requestLocale, translate } from '../../i18n/index.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import { actorOf, requireActor, requireSession } from '../sessions/index.ts';
import { eventOrigin } from '../realtime/index.ts';
import type { CustomerService } from '../customers/index.ts';
import type { RequestContext } from './account-deps.ts';
import type { AccountService } from './account.service.ts';
import type { PasswordPolicySettings } from './password-policy.ts';

export interface AccountRoutesOptions {
  accounts: AccountService;
  customers: CustomerService;
  limiter: RateLimiter;
  policy: PasswordPolicySettings;
}

export const context = (request: FastifyRequest): RequestContext => ({
  log: request.log,
  userAgent: request.headers['user-agent'],
  ip: request.ip,
  origin: eventOrigin(request),
});

export const tags = ['accounts'];

/** Anonymous endpoints that cost a hash or send mail are also limited per address. */
export function limitPerIp(limiter: RateLimiter) {
  return async (request: FastifyRequest, name: string, limit: number, windowMs: number) => {
    const result = await limiter.hit(`${name}:${request.ip}`, limit, windowMs);
    if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
  };
}

/** Sign-up, sign-in, the second factor, sign-out and email verification. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts, customers } = options;
  const perIp = limitPerIp(options.limiter);

  app.post(
    apiPaths.signup,
    {
      config: { access: 'public' },
      schema: { tags, body: signupRequestSchema, response: { 201: customerSchema } },
    },
    async (request, reply) => {
      await perIp(request, 'sign-up', 20, 60 * 60 * 1000);
      const locale = requestLocale(request);
      // The customer's emails are written in the sign-up's language, else the request's.
      const { session, secret } = await accounts.signUp(context(request), {
        ...request.body,
        locale: request.body.locale ?? locale,
      });
      reply.issueSessionCookies(secret);
      return reply.code(201).send(await customers.view(session, locale));
    },
  );

  app.post(
    apiPaths.login,
    {
      config: { access: 'public' },
      schema: { tags, body: loginRequestSchema, response: { 200: customerSchema } },
    },
    async (request, reply) => {
      const { session, secret } = await accounts.logIn(context(request), request.body);
      reply.issueSessionCookies(secret);
      return customers.view(session, requestLocale(request));
    },
  );

  app.post(
    apiPaths.mfa,
    {
      config: { access: 'mfa-pending' },
      schema: { tags, body: otpRequestSchema, response: { 200: customerSchema } },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const completed = await accounts.completeSecondFactor(
        context(request),
        session,
        request.body.otp,
      );
      const locale = requestLocale(request);
      if (!completed) return customers.view(session, locale);
      reply.issueSessionCookies(completed.secret);
      return customers.view(completed.session, locale);
    },
  );

  app.post(
    apiPaths.resendMfaOtp,
    {
      config: { access: 'mfa-pending' },
      schema: { tags, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await accounts.resendSecondFactor(context(request), requireSession(request));
      return { message: translate(apiText('accounts.newCodeSent'), requestLocale(request)) };
    },
  );

  app.post(
    apiPaths.logout,
    { config: { access: 'mfa-pending' }, schema: { tags } },
    async (request, reply) => {
      await accounts.logOut(context(request), requireActor(request));
      // A new anonymous session: the old cookie and its XSRF token are dead (C26, B1.9).
      reply.resetSessionCookies();
      return reply.code(204).send();
    },
  );

  app.post(
    apiPaths.resendEmailVerification,
    { schema: { tags, response: { 200: messageResponseSchema } } },
    async (request) => {
      await accounts.resendEmailVerification(context(request), requireActor(request));
      return { message: translate(apiText('accounts.newCodeSent'), requestLocale(request)) };
    },
  );

  app.post(
    apiPaths.verifyEmailAddress,
    { schema: { tags, body: otpRequestSchema, response: { 200: customerSchema } } },
    async (request) => {
      const session = requireSession(request);
      await accounts.verifyEmail(context(request), actorOf(session), request.body.otp);
      return customers.view(session, requestLocale(request));
    },
  );
};
