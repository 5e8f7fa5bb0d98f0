import {
  apiPaths,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  passwordPolicySchema,
  resetPasswordRequestSchema,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../sessions/index.ts';
import { context, limitPerIp, tags, type AccountRoutesOptions } from './account.routes.ts';
import { FORGOT_PASSWORD_ANSWER } from './passwords.ts';
import { servedPolicy } from './password-policy.ts';

/** Forgot, reset and change password, and the policy the forms check against. */
export const passwordRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts } = options;
  const perIp = limitPerIp(options.limiter);
  const policy = servedPolicy(options.policy);

  app.post(
    apiPaths.forgotPassword,
    {
      config: { access: 'public' },
      schema: { tags, body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await perIp(request, 'forgot-password', 10, 60 * 1000);
      await accounts.forgotPassword(context(request), request.body.email);
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
      await accounts.changePassword(context(request), requireActor(request), request.body);
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
