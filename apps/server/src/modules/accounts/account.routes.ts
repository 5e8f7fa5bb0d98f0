import {
  apiPaths,
  changePasswordRequestSchema,
  customerSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  otpRequestSchema,
  passwordPolicySchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
} from '@corridor/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import { requireSession } from '../../plugins/authentication.ts';
import { eventOrigin } from '../realtime/event-origin.ts';
import type { CustomerService } from '../customers/customer.service.ts';
import type { RequestContext } from './account-deps.ts';
import type { AccountService } from './account.service.ts';
import { FORGOT_PASSWORD_ANSWER } from './passwords.ts';
import { servedPolicy, type PasswordPolicySettings } from './password-policy.ts';

export interface AccountRoutesOptions {
  accounts: AccountService;
  customers: CustomerService;
  limiter: RateLimiter;
  policy: PasswordPolicySettings;
}

const context = (request: FastifyRequest): RequestContext => ({
  log: request.log,
  userAgent: request.headers['user-agent'],
  ip: request.ip,
  origin: eventOrigin(request),
});

const tags = ['accounts'];

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts, customers, limiter } = options;
  const policy = servedPolicy(options.policy);

  /** Anonymous endpoints that cost a hash or send mail are also limited per address. */
  async function perIp(request: FastifyRequest, name: string, limit: number, windowMs: number) {
    const result = await limiter.hit(`${name}:${request.ip}`, limit, windowMs);
    if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
  }

  app.post(
    apiPaths.signup,
    {
      config: { access: 'public' },
      schema: { tags, body: signupRequestSchema, response: { 201: customerSchema } },
    },
    async (request, reply) => {
      await perIp(request, 'sign-up', 20, 60 * 60 * 1000);
      const { session, secret } = await accounts.signUp(context(request), request.body);
      reply.issueSessionCookies(secret);
      return reply.code(201).send(await customers.view(session));
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
      return customers.view(session);
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
      if (!completed) return customers.view(session);
      reply.issueSessionCookies(completed.secret);
      return customers.view(completed.session);
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
      return { message: 'We have emailed you a new code.' };
    },
  );

  app.post(
    apiPaths.logout,
    { config: { access: 'mfa-pending' }, schema: { tags } },
    async (request, reply) => {
      await accounts.logOut(context(request), requireSession(request));
      // A new anonymous session: the old cookie and its XSRF token are dead (C26, B1.9).
      reply.resetSessionCookies();
      return reply.code(204).send();
    },
  );

  app.post(
    apiPaths.resendEmailVerification,
    { schema: { tags, response: { 200: messageResponseSchema } } },
    async (request) => {
      await accounts.resendEmailVerification(context(request), requireSession(request));
      return { message: 'We have emailed you a new code.' };
    },
  );

  app.post(
    apiPaths.verifyEmailAddress,
    { schema: { tags, body: otpRequestSchema, response: { 200: customerSchema } } },
    async (request) => {
      const session = requireSession(request);
      await accounts.verifyEmail(context(request), session, request.body.otp);
      return customers.view(session);
    },
  );

  app.post(
    apiPaths.forgotPassword,
    {
      config: { access: 'public' },
      schema: { tags, body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await perIp(request, 'forgot-password', 10, 60 * 1000);
      accounts.forgotPassword(context(request), request.body.email);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      config: { access: 'public' },
      schema: { tags, body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await perIp(request, 'reset-password', 10, 60 * 1000);
      await accounts.resetPassword(context(request), request.body);
      return { message: 'Your password has been reset. Please sign in with your new password.' };
    },
  );

  app.post(
    apiPaths.changePassword,
    {
      schema: { tags, body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      await accounts.changePassword(context(request), requireSession(request), request.body);
      reply.resetSessionCookies();
      return { message: 'Your password has been changed. Please sign in with your new password.' };
    },
  );

  app.get(
    apiPaths.passwordPolicy,
    { config: { access: 'public' }, schema: { tags, response: { 200: passwordPolicySchema } } },
    async () => policy,
  );
};
