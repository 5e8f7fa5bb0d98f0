import type { DocumentFileType } from '@corridor/contracts';
import { describeError, errorType, httpStatus } from '@/lib/api-error';
import { HttpError } from '@/lib/http-client';
import { getUploadToken } from '../api/get-upload-token';
import type { DocumentType } from './document-types';
import { fileTypeOf } from './file-checks';
import { PrepareError, prepareFile, type Imaging, type PreparedFile } from './prepare-file';
import { PutError, putFile } from './put-file';
import { StalledError, guardStall } from './stall-guard';

/** The token call's 412s: the profile lacks what a document is checked against. */
export const profilePreconditions = [
  'incomplete_customer_identity',
  'incomplete_customer_address',
] as const;
export type ProfilePrecondition = (typeof profilePreconditions)[number];

/** Why one file did not go through, as the dialog tells it. */
export type UploadFailure =
  | { reason: 'stalled' | 'network' | 'refused' | 'unreadable' | 'too-large' }
  | { reason: 'blocked'; precondition: ProfilePrecondition }
  | { reason: 'server'; message: string };

export interface UploadOneInput {
  categoryId: string;
  type: DocumentType;
  file: File;
  /** The file as prepared by an earlier attempt: a retry does not prepare it again. */
  prepared: PreparedFile | null;
  /** Called once the file is prepared, before its upload starts. */
  onPrepared: (prepared: PreparedFile) => void;
  /** The share sent so far, from 0 to 1. */
  onProgress: (sent: number) => void;
  /** Aborts when the customer removes the file or closes the dialog. */
  signal: AbortSignal;
  stallMs?: number;
  imaging?: Imaging;
}

/**
 * One file's way to storage: prepared (made smaller when it is a large photo), a token asked
 * for it, then PUT with progress. A stage with no progress for STALL_MS fails with
 * StalledError, so nothing waits forever. Answers the key the document will name the file by.
 */
export function uploadOne(input: UploadOneInput): Promise<{ objectKey: string }> {
  const { categoryId, type, file, onPrepared, onProgress } = input;
  return guardStall(
    async ({ signal, kick }) => {
      const fileType = fileTypeOf(file) as DocumentFileType;
      const prepared =
        input.prepared ?? (await prepareFile(file, fileType, type.file_types, input.imaging));
      kick();
      onPrepared(prepared);
      const token = await getUploadToken(
        {
          categoryId,
          typeId: type.id,
          fileName: prepared.file.name,
          fileType: prepared.type,
          fileSize: prepared.file.size,
        },
        signal,
      );
      kick();
      await putFile({
        url: token.token,
        headers: token.headers,
        body: prepared.file,
        signal,
        onProgress: (sent) => {
          kick();
          onProgress(sent);
        },
      });
      return { objectKey: token.object_key };
    },
    { stallMs: input.stallMs, outer: input.signal },
  );
}

function isProfilePrecondition(type: string | undefined): type is ProfilePrecondition {
  return (profilePreconditions as readonly (string | undefined)[]).includes(type);
}

/** What went wrong with a file, from whatever its upload threw. */
export function failureOf(error: unknown): UploadFailure {
  if (error instanceof StalledError) return { reason: 'stalled' };
  if (error instanceof PrepareError) return { reason: error.reason };
  if (error instanceof PutError)
    return { reason: error.reason === 'refused' ? 'refused' : 'network' };
  const precondition = errorType(error);
  if (httpStatus(error) === 412 && isProfilePrecondition(precondition)) {
    return { reason: 'blocked', precondition };
  }
  if (error instanceof HttpError && error.status === undefined) return { reason: 'network' };
  return { reason: 'server', message: describeError(error, '') };
}
