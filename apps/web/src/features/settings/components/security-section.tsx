import type { Customer } from '@corridor/contracts';
import { Stack, Text } from '@mantine/core';
import { formatDate, useT } from '@/i18n';
import { settingsMessages } from '../messages';
import { ChangePasswordForm } from './change-password-form';
import { SettingsSubsection } from './settings-section';

/** When the password last changed, and the form to change it. */
export function SecuritySection({ customer }: { customer: Customer | undefined }) {
  const t = useT(settingsMessages);
  const changedAt = customer?.account.password_changed_at ?? null;
  return (
    <SettingsSubsection id="change-password" title={t('security.changePassword')}>
      <Stack gap="md">
        {changedAt !== null && (
          <Text>{t('security.passwordChangedOn', { date: formatDate(changedAt, t.locale) })}</Text>
        )}
        <Text>{t('security.changePasswordIntro')}</Text>
        <ChangePasswordForm />
      </Stack>
    </SettingsSubsection>
  );
}
