import { useSyncExternalStore } from 'react';
import { commonMessages, useT } from '@/i18n';

// On the first load too (sign-in): the shared words, in English until they are here.
const fallback = 'Sandbox: no real money moves';

const noChange = () => () => {};

/**
 * "Sandbox: no real money moves", above every screen while `shown` says so (the page's word,
 * config/site.ts). The build's prerender, and so the hydration of its page, draw none: the page
 * was built for every server. The banner joins right after (the server snapshot below).
 */
export function SandboxBanner({ shown }: { shown: () => boolean }) {
  const on = useSyncExternalStore(noChange, shown, () => false);
  const t = useT(commonMessages);
  if (!on) return null;
  return (
    <p className="sandbox-banner" role="note">
      {commonMessages.loaded(t.locale) ? t('sandbox.notice') : fallback}
    </p>
  );
}
