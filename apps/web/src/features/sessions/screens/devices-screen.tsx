import { useT } from '@/i18n';
import { PageHeader } from '@/ui/page-header';
import { DevicesPanel } from '../components/devices-panel';
import { sessionsMessages } from '../messages';

/** Every device the customer is signed in on; any but this one can be signed out (docs/product/accounts-and-sessions.md#devices). */
export function DevicesScreen() {
  const t = useT(sessionsMessages);
  return (
    <div style={{ maxWidth: 720 }}>
      <PageHeader title={t('screen.title')} description={t('screen.description')} />
      <DevicesPanel />
    </div>
  );
}
