import { apiPaths } from '@corridor/contracts';
import { channelAuthorizationSchema, userAuthenticationSchema } from '@corridor/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import type { ChannelAccess } from './channel-access.ts';
import type { HubNetwork } from './hub-network.ts';
import {
  CHANNEL_NAME,
  signChannel,
  signUser,
  SOCKET_ID,
  type PusherCredentials,
} from './protocol.ts';

export interface BroadcastingRoutesOptions {
  credentials: PusherCredentials;
  access: ChannelAccess;
  /** Where the socket's session is recorded: the socket may be in another process. */
  network: HubNetwork;
}

const FORM_BODY_LIMIT_BYTES = 4 * 1024;

const socketId = z.string().regex(SOCKET_ID, 'The socket id is not valid.');
const channelAuthBody = z.object({
  socket_id: socketId,
  channel_name: z.string().max(200).regex(CHANNEL_NAME, 'The channel name is not valid.'),
});
const userAuthBody = z.object({ socket_id: socketId });

/**
 * The signed-in session the authentication hook (sessions module) set. Read here rather than
 * imported, so realtime, which every module tells things, depends on none of them.
 */
function signedIn(request: FastifyRequest): { id: string; customer_id: string } {
  if (!request.session) throw new AppError('unauthenticated');
  return request.session;
}

/**
 * POST /broadcasting/auth and /broadcasting/user-auth (docs/product/realtime.md#authorisation-endpoints): the signed-in
 * session, the XSRF header like every state-changing request, and a form or JSON body.
 * Encapsulated so the form parser exists only here.
 */
export const broadcastingRoutes: FastifyPluginAsyncZod<BroadcastingRoutesOptions> = async (
  app,
  { credentials, access, network },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    apiPaths.broadcastingAuth,
    {
      config: { access: 'customer' },
      schema: {
        tags: ['realtime'],
        summary: 'Signs a channel subscription for the signed-in customer',
        body: channelAuthBody,
        response: { 200: channelAuthorizationSchema },
      },
    },
    async (request) => {
      const session = signedIn(request);
      const { socket_id, channel_name } = request.body;
      const decision = await access.authorize(session.customer_id, channel_name, request.log);
      if (!decision.allowed) throw new AppError('forbidden');
      const auth = signChannel(credentials, socket_id, channel_name, decision.channelData);
      // Not a binding yet: the socket joins this session only when it presents `auth` itself,
      // so naming another customer's socket id attaches nothing (session-bindings.ts).
      await network.recordSession(socket_id, session.id, auth);
      return decision.channelData === undefined
        ? { auth }
        : { auth, channel_data: decision.channelData };
    },
  );

  app.post(
    apiPaths.broadcastingUserAuth,
    {
      config: { access: 'customer' },
      schema: {
        tags: ['realtime'],
        summary: 'Signs a realtime user sign-in for the signed-in customer',
        body: userAuthBody,
        response: { 200: userAuthenticationSchema },
      },
    },
    async (request) => {
      const session = signedIn(request);
      const { socket_id } = request.body;
      const userData = JSON.stringify({ id: session.customer_id });
      const auth = signUser(credentials, socket_id, userData);
      await network.recordSession(socket_id, session.id, auth);
      return { auth, user_data: userData };
    },
  );
};
