import { formatDateTime, useT } from '@/i18n';
import { formatRelativeTime } from '@/lib/relative-time';
import { transactionsMessages } from '../messages';

/** "just now", "5 minutes ago", "yesterday"; the exact time on hover and for screen readers' `dateTime`. */
export function WhenText({ at, now }: { at: string; now: Date }) {
  const t = useT(transactionsMessages);
  const when = new Date(at);
  // Under a minute is "just now" in either language (Intl would say "now"); Intl says the rest.
  const ago =
    now.getTime() - when.getTime() < 60_000
      ? t('when.justNow')
      : formatRelativeTime(when, now, t.locale);
  return (
    <time dateTime={at} title={formatDateTime(when, t.locale)}>
      {ago}
    </time>
  );
}
