import type { Locale } from '@corridor/contracts/wire/locales';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { commonMessages, LanguageSwitch, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { ColorSchemeSwitch } from '@/ui/color-scheme-switch';
import { useUpdateLocale } from '../api/update-locale';
import { settingsMessages } from '../messages';

/**
 * The language, kept on the customer so emails follow it (the screens switch at once, and this
 * browser remembers it too), and light or dark, kept on this browser.
 */
export function LanguageSection() {
  const t = useT(settingsMessages);
  const common = useT(commonMessages);
  const update = useUpdateLocale();
  const [saved, setSaved] = useState<Locale | null>(null);
  const [failed, setFailed] = useState<{ locale: Locale; message: string } | null>(null);

  const save = async (locale: Locale) => {
    setSaved(null);
    setFailed(null);
    try {
      await update.mutateAsync({ locale });
      setSaved(locale);
    } catch (error) {
      setFailed({ locale, message: describeError(error, t('language.saveFailed')) });
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text>{t('language.intro')}</Text>
        <LanguageSwitch onChange={save} />
        <div role="status">
          {saved !== null && (
            <Text c="var(--mantine-color-success)">{t('language.saved', { locale: saved })}</Text>
          )}
        </div>
        {failed !== null && (
          <Stack gap="xs" align="flex-start">
            <Alert color="red" variant="light" role="alert" title={t('language.saveFailedTitle')}>
              {failed.message}
            </Alert>
            <Button
              variant="default"
              loading={update.isPending}
              onClick={() => void save(failed.locale)}
            >
              {common('action.retry')}
            </Button>
          </Stack>
        )}
      </Stack>
      <ColorSchemeSwitch />
    </Stack>
  );
}
