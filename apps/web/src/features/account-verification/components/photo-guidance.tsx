import { Text, Title } from '@mantine/core';
import { useT } from '@/i18n';
import { accountVerificationMessages } from '../messages';

const tips = [
  'dialog.guidance.flat',
  'dialog.guidance.corners',
  'dialog.guidance.glare',
  'dialog.guidance.original',
] as const;

/** How to photograph a card so it can be read the first time. */
export function PhotoGuidance() {
  const t = useT(accountVerificationMessages);
  return (
    <div>
      <Title order={3} size="h6">
        {t('dialog.guidance')}
      </Title>
      <Text component="ul" size="sm" className="verification-list">
        {tips.map((tip) => (
          <li key={tip}>{t(tip)}</li>
        ))}
      </Text>
    </div>
  );
}
