import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A JSON body encoded once, plain, brotli and gzip, for answers that only change at start. */
export interface PreparedJson {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Encodes `value` once per process at the smallest settings, off the event loop (brotli's best
 * takes a tenth of a second on the country list and saves a fifth of gzip's bytes on every
 * answer after that).
 */
export async function prepareJson(value: unknown): Promise<PreparedJson> {
  const identity = Buffer.from(JSON.stringify(value));
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gzipped };
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The accepted coding with the highest weight (brotli on a tie), or none (RFC 9110 §12.5.3). */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().split(';');
    const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    weights.set(coding.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const [br, gz] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : 'identity';
}

/** Sends the smallest copy the client accepts; Buffers go out without re-encoding. */
export function sendPreparedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedJson,
): FastifyReply {
  const vary = reply.getHeader('vary');
  reply
    .type('application/json; charset=utf-8')
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}

/** Sends JSON text that was made, and checked against its schema, before: as it is. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** As the platform's compression (app/http-server.ts): from 2 KB, at the cheapest levels. */
const COMPRESS_FROM_BYTES = 2048;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };

/**
 * Sends JSON text compressed here, in one synchronous call (0.07 ms for a quote at brotli's
 * level 1), instead of through the compression plugin's per-request stream, which cost the
 * quote more than half its throughput. An answer with a Content-Encoding is left alone by the
 * plugin.
 */
export function sendCompressedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity' || Buffer.byteLength(json) < COMPRESS_FROM_BYTES) {
    return reply.send(json);
  }
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const body =
    encoding === 'br' ? zlib.brotliCompressSync(json, BROTLI) : zlib.gzipSync(json, { level: 1 });
  return reply.header('content-encoding', encoding).send(body);
}
