import {
  apiPaths,
  deviceListSchema,
  deviceParamsSchema,
  paginationQuerySchema,
  routePatterns,
  signOutOtherDevicesResponseSchema,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error.ts';
import { apiText, requestLocale } from '../../i18n/index.ts';
import { pageWindow, paginated } from '../../lib/paginate.ts';
import { requireActor, requireSession } from './authentication.ts';
import type { SessionService } from './session.service.ts';
import { eventOrigin } from '../realtime/index.ts';
import { deviceResource } from './device-resource.ts';
import { actorOf } from './signed-in-session.ts';

const PER_PAGE = 25;

export const deviceRoutes: FastifyPluginAsyncZod<{
  sessions: SessionService;
}> = async (app, { sessions }) => {
  app.get(
    apiPaths.devices,
    {
      schema: {
        tags: ['devices'],
        querystring: paginationQuerySchema,
        response: { 200: deviceListSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const page = { page: request.query.page, perPage: PER_PAGE, path: apiPaths.devices };
      const { rows, total } = await sessions.listDevices(actorOf(session), pageWindow(page));
      const locale = requestLocale(request);
      return paginated(
        rows.map((row) => deviceResource(row, session.id, locale)),
        total,
        page,
      );
    },
  );

  app.post(
    apiPaths.signOutOtherDevices,
    {
      schema: {
        summary: 'Sign out of every other device; this one stays signed in',
        tags: ['devices'],
        response: { 200: signOutOtherDevicesResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const signedOut = await sessions.signOutOtherDevices(actor, eventOrigin(request));
      request.log.info(
        {
          event: 'auth.other_devices_signed_out',
          customer_id: actor.customerId,
          session_id: actor.sessionId,
          signed_out: signedOut,
        },
        'other devices signed out',
      );
      return { signed_out: signedOut };
    },
  );

  app.delete(
    routePatterns.device,
    { schema: { tags: ['devices'], params: deviceParamsSchema } },
    async (request, reply) => {
      const session = requireSession(request);
      // The contract lower-cases the id; both sides are compared in that form all the same, as
      // PostgreSQL matches a UUID in any case and the current session must never end here.
      const id = request.params.id.toLowerCase();
      if (id === session.id.toLowerCase()) {
        throw new AppError('conflict', {
          type: 'current_device',
          message: apiText('devices.current'),
        });
      }
      // Another customer's device is simply not found (checklist C38).
      if (!(await sessions.signOutDevice(session.customer_id, id, eventOrigin(request)))) {
        throw new AppError('not_found');
      }
      request.log.info(
        {
          event: 'auth.device_signed_out',
          customer_id: session.customer_id,
          session_id: id,
        },
        'device signed out',
      );
      return reply.code(204).send();
    },
  );
};
