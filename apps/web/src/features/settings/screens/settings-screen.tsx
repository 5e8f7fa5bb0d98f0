import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCustomer } from '@/features/customers';
import { loadDevicesPanel } from '@/features/sessions';
import { useT } from '@/i18n';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { LanguageSection } from '../components/language-section';
import { NotificationsSection } from '../components/notifications-section';
import { ProfileSection } from '../components/profile-section';
import { SecuritySection } from '../components/security-section';
import { SettingsSection } from '../components/settings-section';
import {
  sectionForHash,
  settingsSections,
  type SettingsSection as SectionId,
} from '../lib/settings-sections';
import { useUnsavedChanges } from '../lib/use-unsaved-changes';
import { settingsMessages } from '../messages';
import '../settings.css';

// The devices list is the sessions feature's, in a chunk of its own: fetched when the section
// is first opened.
const DevicesPanel = lazy(() => loadDevicesPanel().then((m) => ({ default: m.DevicesPanel })));

function DevicesLoading() {
  const t = useT(settingsMessages);
  return (
    <>
      <VisuallyHidden role="status">{t('devices.loading')}</VisuallyHidden>
      <Stack gap="md" aria-hidden="true">
        <Skeleton height={88} radius="lg" />
        <Skeleton height={88} radius="lg" />
      </Stack>
    </>
  );
}

/** The section the URL's hash names, and what to do when it changes. */
function useOpenSection() {
  const { hash, key } = useLocation();
  const { section, target } = sectionForHash(hash);
  const [opened, setOpened] = useState<ReadonlySet<SectionId>>(() => new Set([section]));
  if (!opened.has(section)) setOpened(new Set([...opened, section]));
  const first = useRef(true);
  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (target === null) return;
    const element = document.getElementById(target);
    element?.scrollIntoView?.({ block: 'start' });
    // Opened from the section list (not on arrival): a screen reader starts at its heading.
    if (!isFirst && target === section) document.getElementById(`${section}-heading`)?.focus();
  }, [key, section, target]);
  return { section, opened };
}

/**
 * Settings in sections (defect 8): profile, sign-in and security, notifications, language and
 * appearance, devices. Each is reachable as /settings#<section> and saves on its own; one is
 * shown at a time, the others stay in the page with what was typed in them. Leaving with
 * profile edits not saved asks first.
 */
export function SettingsScreen() {
  const t = useT(settingsMessages);
  const customer = useCustomer();
  const { section, opened } = useOpenSection();
  const profile = useRef<HTMLDivElement>(null);
  const { blocker } = useUnsavedChanges(profile, customer);
  const email = customer?.account.email ?? '';

  return (
    <>
      <PageHeader
        title={t('screen.title')}
        description={
          email === ''
            ? undefined
            : t.rich(
                'screen.signedInAs',
                { email },
                { email: (text) => <strong className="settings__email">{text}</strong> },
              )
        }
      />
      <div className="settings">
        <nav className="settings__nav" aria-label={t('nav.label')}>
          <ul>
            {settingsSections.map((id) => (
              <li key={id}>
                <Link
                  to={{ hash: id }}
                  className="settings__nav-link"
                  aria-current={id === section ? 'location' : undefined}
                >
                  {t(`section.${id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings__sections">
          <SettingsSection id="profile" title={t('section.profile')} hidden={section !== 'profile'}>
            <div ref={profile}>
              {customer !== undefined && <ProfileSection customer={customer} />}
            </div>
          </SettingsSection>
          <SettingsSection
            id="security"
            title={t('section.security')}
            hidden={section !== 'security'}
          >
            <SecuritySection customer={customer} />
          </SettingsSection>
          <SettingsSection
            id="notifications"
            title={t('section.notifications')}
            hidden={section !== 'notifications'}
          >
            <NotificationsSection email={email} />
          </SettingsSection>
          <SettingsSection
            id="language"
            title={t('section.language')}
            hidden={section !== 'language'}
          >
            <LanguageSection />
          </SettingsSection>
          <SettingsSection
            id="devices"
            title={t('section.devices')}
            intro={t('devices.intro')}
            hidden={section !== 'devices'}
          >
            {opened.has('devices') && (
              <Suspense fallback={<DevicesLoading />}>
                <DevicesPanel headingOrder={3} />
              </Suspense>
            )}
          </SettingsSection>
        </div>
      </div>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title={t('unsaved.title')}
        confirmLabel={t('unsaved.leave')}
        cancelLabel={t('unsaved.stay')}
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {t('unsaved.body')}
      </ConfirmDialog>
    </>
  );
}
