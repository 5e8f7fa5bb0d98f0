import type { FastifyRequest } from 'fastify';
import { SOCKET_ID } from './protocol.ts';

/** Who caused a realtime event: the tab that made the request already knows what changed. */
export interface EventOrigin {
  /** That tab's socket (the SPA's X-Socket-ID header): events it caused skip it. */
  socketId?: string;
}

/** The request's X-Socket-ID, when it is a socket id at all. */
export function eventOrigin(request: FastifyRequest): EventOrigin {
  const header = request.headers['x-socket-id'];
  return typeof header === 'string' && SOCKET_ID.test(header) ? { socketId: header } : {};
}
