import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { useT } from '@/i18n';
import { Notice } from '@/ui/notice';
import type { ProfilePrecondition } from '../lib/upload-pipeline';
import { accountVerificationMessages } from '../messages';

// Where each missing part of the profile is filled in: the settings' places (/settings#…).
const fixes = {
  incomplete_customer_identity: {
    to: `${pathTo('settings')}#personal-details`,
    title: 'blocked.identity.title',
    text: 'blocked.identity.text',
    action: 'blocked.identity.action',
  },
  incomplete_customer_address: {
    to: `${pathTo('settings')}#address`,
    title: 'blocked.address.title',
    text: 'blocked.address.text',
    action: 'blocked.address.action',
  },
} as const;

/**
 * The token call's 412 (docs/product/routes-and-screens.md#account-verification): documents are checked against the profile, so
 * the customer completes it first; "Complete your details" / "Add your address" go there.
 */
export function BlockedNotice({ precondition }: { precondition: ProfilePrecondition }) {
  const t = useT(accountVerificationMessages);
  const fix = fixes[precondition];
  return (
    <Notice tone="info" title={t(fix.title)}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(fix.text)}</Text>
        <Anchor component={Link} to={fix.to} fw={600} size="sm">
          {t(fix.action)}
        </Anchor>
      </Stack>
    </Notice>
  );
}
