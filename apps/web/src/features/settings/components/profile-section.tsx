import type { AttributeCategory, Customer } from '@corridor/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { AttributeForm, MobileNumberForm } from '@/features/customers';
import { useT } from '@/i18n';
import { settingsMessages } from '../messages';
import { SettingsSubsection } from './settings-section';

type ProfilePart = 'profile.identity' | 'profile.address' | 'profile.employment';

/**
 * What the approved ID is compared with (docs/product/identity-documents.md#poi-name-check):
 * changing one after verification leaves the ID no longer matching, and transfers wait.
 */
const CHECKED_AGAINST_THE_ID = ['name', 'second_name', 'third_name', 'birth_detail.birth_date'];

const categories: readonly { category: AttributeCategory; id: string; key: ProfilePart }[] = [
  { category: 'identity', id: 'personal-details', key: 'profile.identity' },
  { category: 'address', id: 'address', key: 'profile.address' },
  { category: 'employment', id: 'employment', key: 'profile.employment' },
];

/**
 * The account's email (read only: it is how the customer signs in), the way to account
 * verification, and the details the customer's country asks for, each part saved on its own.
 */
export function ProfileSection({ customer }: { customer: Customer }) {
  const t = useT(settingsMessages);
  return (
    <Stack gap="xl">
      <SettingsSubsection id="email" title={t('profile.email')}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {customer.account.email}
        </Text>
        <Text size="sm" c="dimmed">
          {t('profile.emailHelp')}
        </Text>
      </SettingsSubsection>
      {/* The way back to the documents once onboarding no longer leads there (issue 28). */}
      <SettingsSubsection id="account-verification" title={t('profile.verification')}>
        <Text>{t('profile.verificationIntro')}</Text>
        <Anchor component={Link} to={pathTo('accountVerification')}>
          {t('profile.verificationLink')}
        </Anchor>
      </SettingsSubsection>
      {customer.country === null ? (
        <Stack gap="xs">
          <Text>{t('profile.noCountry')}</Text>
          <Anchor component={Link} to={pathTo('onboardingWorkflow')}>
            {t('profile.completeSignup')}
          </Anchor>
        </Stack>
      ) : (
        <>
          {categories.map(({ category, id, key }) => {
            const attributes = customer.attributes.filter(
              (attribute) => attribute.category === category,
            );
            // A country that does not ask for this category has no part for it.
            if (attributes.length === 0) return null;
            return (
              <SettingsSubsection key={category} id={id} title={t(key)}>
                <AttributeForm
                  category={category}
                  attributes={attributes}
                  submitLabel={t(`${key}.save`)}
                  savedMessage={t(`${key}.saved`)}
                  // A verified ID matches these details today: asked before they stop matching.
                  confirmChangeOf={
                    category === 'identity' && customer.poi_name_check === true
                      ? {
                          attributes: CHECKED_AGAINST_THE_ID,
                          title: t('profile.identity.confirmTitle'),
                          message: t('profile.identity.confirmText'),
                          confirmLabel: t('profile.identity.confirm'),
                        }
                      : undefined
                  }
                />
              </SettingsSubsection>
            );
          })}
          <SettingsSubsection id="mobile-number" title={t('profile.mobile')}>
            <MobileNumberForm
              customer={customer}
              submitLabel={t('profile.mobile.save')}
              savedMessage={t('profile.mobile.saved')}
            />
          </SettingsSubsection>
        </>
      )}
    </Stack>
  );
}
