import {
  apiPaths,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  passwordCheckRequestSchema,
  passwordCheckResponseSchema,
  passwordPolicySchema,
  resetPasswordCheckRequestSchema,
  resetPasswordCheckResponseSchema,
  resetPasswordRequestSchema,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiText, requestLocale, translate } from '../../i18n/index.ts';
import { requireActor } from '../sessions/index.ts';
import { context, limitPerIp, tags, type AccountRoutesOptions } from './account.routes.ts';
import { FORGOT_PASSWORD_ANSWER } from './passwords.ts';
import { isCommonPassword, servedPolicy } from './password-policy.ts';

const MINUTE_MS = 60 * 1000;

/** Forgot, reset and change password, and the policy the forms check against. */
export const passwordRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts } = options;
  const perIp = limitPerIp(options.limiter);
  const policies = {
    en: servedPolicy(options.policy, 'en'),
    es: servedPolicy(options.policy, 'es'),
  };

  app.post(
    apiPaths.forgotPassword,
    {
      config: { access: 'public' },
      schema: { tags, body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await perIp(request, 'forgot-password', 10, MINUTE_MS);
      await accounts.forgotPassword(context(request), request.body.email);
      return { message: translate(FORGOT_PASSWORD_ANSWER, requestLocale(request)) };
    },
  );

  app.post(
    apiPaths.resetPasswordCheck,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether a reset link still works, and which account (masked) it resets',
        tags,
        body: resetPasswordCheckRequestSchema,
        response: { 200: resetPasswordCheckResponseSchema },
      },
    },
    async (request) => {
      // The same budget as resetting: a token is as hard to guess either way.
      await perIp(request, 'reset-password-check', 10, MINUTE_MS);
      return accounts.checkResetLink(request.body.token);
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      config: { access: 'public' },
      schema: { tags, body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await perIp(request, 'reset-password', 10, MINUTE_MS);
      await accounts.resetPassword(context(request), request.body);
      return { message: translate(apiText('accounts.passwordReset'), requestLocale(request)) };
    },
  );

  app.post(
    apiPaths.changePassword,
    {
      schema: { tags, body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      await accounts.changePassword(context(request), requireActor(request), request.body);
      reply.resetSessionCookies();
      return { message: translate(apiText('accounts.passwordChanged'), requestLocale(request)) };
    },
  );

  app.get(
    apiPaths.passwordPolicy,
    { config: { access: 'public' }, schema: { tags, response: { 200: passwordPolicySchema } } },
    async (request) => policies[requestLocale(request)],
  );

  app.post(
    apiPaths.passwordCheck,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether a password is too common or easy to guess (the policy cannot say it)',
        tags,
        body: passwordCheckRequestSchema,
        response: { 200: passwordCheckResponseSchema },
      },
    },
    async (request) => {
      // Asked while typing (debounced): generous, but bounded per address. The body, like every
      // body, never reaches a log line (errors/log-serializers.ts).
      await perIp(request, 'password-check', 60, MINUTE_MS);
      return { commonly_used: isCommonPassword(request.body.password) };
    },
  );
};
