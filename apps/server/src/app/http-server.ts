import zlib from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config/index.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
} from '../errors/error-handler.ts';
import {
  redactingLogMethod,
  serializeError,
  serializeReply,
  serializeRequest,
} from '../errors/log-serializers.ts';
import type { RandomSource } from '../lib/random.ts';
import { responseSerializerCompiler } from '../lib/response-serializer.ts';
import { batchedStdout } from './log-destination.ts';
import { OneLinePerRequest } from './request-log.ts';
import { requestLoggerFactory } from './request-logger.ts';
import { corsPlugin } from '../plugins/cors.ts';
import { apiSecurityHeaders, securityHeadersPlugin } from '../plugins/security-headers.ts';
import { registerSpa } from '../plugins/spa.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * JSON answers from this size on are compressed. A fresh profile (about 1.5 KB) stays under it:
 * compressing it costs a fifth of its whole answer's CPU to save less than one packet.
 */
export const COMPRESS_FROM_BYTES = 2048;

/**
 * Compression of the API's answers at the cheapest levels (they are made per request). The
 * built SPA's files are registered before, so they never pass through here (they are served
 * pre-compressed, spa.ts); an answer that already has a Content-Encoding (the country list,
 * lib/prepared-json.ts) is left alone. Request bodies are not unpacked: a compressed one fails as
 * invalid JSON, as before.
 */
async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
}

function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    stream: stream ?? batchedStdout(),
    // Errors keep their SQL text and codes but never a query's values (params, detail); request
    // URLs never carry a secret (a reset token in the path, tokens in a query string).
    // Credentials never reach a log line: a request and a reply are logged only through these
    // serializers, and neither copies a header (cookies, XSRF tokens, Set-Cookie), so there is
    // nothing for a redaction pass to find (one cost more than the rest of a request's line).
    serializers: {
      err: serializeError,
      error: serializeError,
      req: serializeRequest,
      res: serializeReply,
    },
    // Message text too: Fastify writes some URLs into it, pino an error's raw message.
    hooks: { logMethod: redactingLogMethod },
  };
}

/**
 * The HTTP server with everything every answer shares: the logger, zod validation, the error
 * envelope, security headers, CORS, the OpenAPI document and the built SPA. No routes of the
 * product yet: the modules add theirs.
 */
export async function createHttpServer(deps: {
  config: Config;
  random: RandomSource;
  logStream?: NodeJS.WritableStream;
}): Promise<FastifyInstance> {
  const { config, random } = deps;
  // The SPA talks to its other origins, and PUTs identity documents to S3's when it is used.
  const storage = config.documentStorage;
  const connectSources = [
    ...config.spaOrigins,
    ...(storage.kind === 's3' ? [storage.uploadOrigin] : []),
  ];
  // Answers no hook reaches (router and parser errors, all JSON) carry the API's security headers.
  const securityHeaders = apiSecurityHeaders({ secure: config.secureCookies, connectSources });
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    logController: new OneLinePerRequest(),
    // A request's pino child is made when it first writes a line, not for every request.
    childLoggerFactory: requestLoggerFactory,
    genReqId: () => random.uuid(),
    bodyLimit: BODY_LIMIT_BYTES,
    // TRUST_PROXY: behind a TLS proxy request.ip is the client, so per-address limits hold.
    trustProxy: config.trustProxy,
    // A bad percent-encoding (400) or a path parameter over 100 characters (414) gets the JSON
    // envelope and security headers, never Fastify's own body echoing the path.
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Every answer is checked against its contract schema; compiled where that is exact.
  app.setSerializerCompiler(responseSerializerCompiler);
  // Bodies are JSON; anything else is refused with 415 rather than guessed at.
  app.removeContentTypeParser('text/plain');

  const spaFallback = config.webDistDir
    ? await registerSpa(app, config.webDistDir, {
        marketingSiteUrl: config.marketingSiteUrl,
        sandboxNotice: config.sandbox.notice,
      })
    : undefined;
  registerErrorHandling(app, spaFallback ? { spaFallback } : {});
  await registerCompression(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Corridor API', version: '1' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'corridor_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(securityHeadersPlugin, {
    secure: config.secureCookies,
    connectSources,
  });
  await app.register(corsPlugin, {
    origins: config.spaOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Accept',
      'Content-Type',
      'X-XSRF-TOKEN',
      'X-CSRF-TOKEN',
      'X-Socket-ID',
      'X-Requested-With',
      'Idempotency-Key',
      'ngrok-skip-browser-warning',
    ],
    maxAgeSeconds: 600,
  });
  app.get('/docs', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
