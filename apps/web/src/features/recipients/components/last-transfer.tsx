import { formatDateTime, useT } from '@/i18n';
import { formatRelativeTime } from '@/lib/relative-time';
import { recipientsMessages } from '../messages';

export interface LastTransferProps {
  /** When the customer last sent them money; null when never. */
  at: string | null;
  /** Their name, for "You have never sent money to …". */
  name: string;
  now: Date;
}

/** "Last transfer 5 minutes ago", or "You have never sent money to Ada." */
export function LastTransfer({ at, name, now }: LastTransferProps) {
  const t = useT(recipientsMessages);
  if (at === null) return <>{t('transfer.never', { name })}</>;
  const when = new Date(at);
  // Under a minute is "just now" in either language; Intl says the rest.
  const ago =
    now.getTime() - when.getTime() < 60_000
      ? t('transfer.justNow')
      : formatRelativeTime(when, now, t.locale);
  return (
    <>
      {t('transfer.last')}{' '}
      <time dateTime={at} title={formatDateTime(when, t.locale)}>
        {ago}
      </time>
    </>
  );
}
