import { DOCUMENT_MAX_BYTES } from '@corridor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error.ts';
import { apiText } from '../../../i18n/index.ts';
import type { DocumentStorage } from './document-storage.ts';
import { isLocalStorage, UploadRefusal, type UploadRefusalReason } from './local-storage.ts';

/** The local folder's signed upload URLs: `${APP_URL}/storage/documents/{customerId}/{file}`. */
export const LOCAL_UPLOAD_ROUTE = '/storage/documents/*';

/**
 * Each refusal's answer. Whatever does not match its signature (the URL, its type, its
 * announced size) is 403, as S3 answers a presigned request it did not sign.
 */
function answerFor(reason: UploadRefusalReason): AppError {
  switch (reason) {
    case 'invalid':
      return new AppError('forbidden', { message: apiText('storage.linkInvalid') });
    case 'expired':
      return new AppError('forbidden', { message: apiText('storage.linkExpired') });
    case 'wrong-type':
      return new AppError('forbidden', { message: apiText('storage.wrongContentType') });
    case 'size-mismatch':
      return new AppError('forbidden', { message: apiText('storage.sizeMismatch') });
    case 'short-body':
      return new AppError('bad_request', { message: apiText('storage.sizeMismatch') });
    case 'too-large':
      return new AppError('payload_too_large', {
        message: apiText('storage.tooLarge'),
        // The rest of an oversized body is dropped, not waited for on a kept-alive socket.
        headers: { connection: 'close' },
      });
    case 'already-stored':
      return new AppError('conflict', {
        type: 'upload_already_stored',
        message: apiText('storage.alreadyStored'),
      });
    case 'not-the-type':
      return new AppError('unsupported_media_type', { message: apiText('storage.notTheType') });
    case 'aborted':
      return new AppError('bad_request', { message: apiText('storage.incomplete') });
  }
}

/**
 * `PUT /storage/documents/*`: where browsers send files when documents are kept in the local
 * folder (with S3 they PUT to S3 and this registers nothing). The URL is the credential: no
 * cookie, no XSRF token, no session (`csrf: false`, public). It is its own encapsulated plugin
 * because its body is a raw file, streamed to disk with its own limit (the signed maximum,
 * 10 MB), while the rest of the API parses JSON only, up to 1 MiB. Registered whichever the
 * storage, it also lets go of the storage's connections when the app closes.
 */
export function localUploadRoutes(storage: DocumentStorage): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onClose', async () => storage.close?.());
    if (!isLocalStorage(storage)) return;
    // Any type reaches the handler unread: the handler checks it against the signature.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    app.put(
      LOCAL_UPLOAD_ROUTE,
      {
        config: { csrf: false, access: 'public' },
        bodyLimit: DOCUMENT_MAX_BYTES,
        schema: { hide: true },
      },
      async (request, reply) => {
        const rest = (request.params as Record<string, unknown>)['*'];
        try {
          await storage.acceptUpload({
            key: `documents/${typeof rest === 'string' ? rest : ''}`,
            query: request.query as Record<string, unknown>,
            contentType: request.headers['content-type'],
            contentLength: request.headers['content-length'],
            body: request.raw,
          });
        } catch (error) {
          if (error instanceof UploadRefusal) throw answerFor(error.reason);
          throw error;
        }
        return reply.code(204).send();
      },
    );
  };
}
