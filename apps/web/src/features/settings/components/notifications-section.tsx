import { Text } from '@mantine/core';
import { useT } from '@/i18n';
import { settingsMessages } from '../messages';

/**
 * What Corridor emails and where. Nothing to switch: every email Corridor sends today guards
 * the account or the money in it, so it goes whatever the settings (issue 14, defect 8).
 */
export function NotificationsSection({ email }: { email: string }) {
  const t = useT(settingsMessages);
  return (
    <>
      <Text>
        {t.rich('notifications.intro', { email }, { email: (text) => <strong>{text}</strong> })}
      </Text>
      <ul className="settings__list">
        <li>{t('notifications.signIn')}</li>
        <li>{t('notifications.password')}</li>
        <li>{t('notifications.transfers')}</li>
      </ul>
      <Text size="sm" c="dimmed">
        {t('notifications.required')}
      </Text>
    </>
  );
}
