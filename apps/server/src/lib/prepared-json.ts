import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON body encoded once, plain and gzipped, for answers that only change at start. */
export interface PreparedJson {
  identity: Buffer;
  gzip: Buffer;
}

export function prepareJson(value: unknown): PreparedJson {
  const identity = Buffer.from(JSON.stringify(value));
  return { identity, gzip: gzipSync(identity, { level: 9 }) };
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return coding?.trim() === 'gzip' && (quality === undefined || Number(quality.slice(2)) > 0);
  });
}

/** Sends the gzipped copy to clients that accept it; Buffers go out without re-encoding. */
export function sendPreparedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedJson,
): FastifyReply {
  const vary = reply.getHeader('vary');
  reply
    .type('application/json; charset=utf-8')
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}
