import type { CustomerDocumentEvent } from '@corridor/contracts';
import { currentLocale } from '@/i18n';
import { formatMessage } from '@/i18n/format-message';
import { showToast } from '@/ui/toasts';
import { accountVerificationMessages } from '../messages';
import { documentNoticeSubject, noteDocumentNotice } from './document-notice-subject';

/** The four document events of the customer's channel (docs/product/realtime.md#events), by what happened. */
export type DocumentEventKind = 'uploaded' | 'processing' | 'approved' | 'rejected';

/**
 * Tells the customer, wherever they are in the app, that a document moved on: received, being
 * checked, verified (success), or not accepted with the reviewer's reason (a toast that stays
 * until closed, or until a later event about the same document type answers it: the notice of
 * that event takes its place). Loaded with the first event, not with the signed-in frame.
 */
export async function showDocumentNotice(
  kind: DocumentEventKind,
  event: CustomerDocumentEvent,
): Promise<void> {
  await accountVerificationMessages.load();
  const locale = currentLocale();
  const words = accountVerificationMessages.loaded(locale);
  if (words === undefined) return;
  const say = (message: string) => formatMessage(message, locale, { type: event.type });
  const about = documentNoticeSubject(event.category_code, event.type_code);
  noteDocumentNotice(about);
  switch (kind) {
    case 'uploaded':
      showToast({ tone: 'info', message: say(words['notice.uploaded']), about });
      return;
    case 'processing':
      showToast({ tone: 'info', message: say(words['notice.processing']), about });
      return;
    case 'approved':
      showToast({ tone: 'success', message: say(words['notice.approved']), about });
      return;
    case 'rejected':
      showToast({
        tone: 'danger',
        title: say(words['notice.rejected']),
        message: event.rejection_reason ?? words['notice.rejectedHint'],
        about,
      });
  }
}
