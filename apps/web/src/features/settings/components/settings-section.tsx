import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SettingsSectionProps {
  id: string;
  title: string;
  intro?: ReactNode;
  /** Not the section the URL names: kept in the page (its edits with it), out of view. */
  hidden: boolean;
  children: ReactNode;
}

/**
 * One section of settings: a region named by its heading, which takes focus when the customer
 * opens the section, so a screen reader starts there.
 */
export function SettingsSection({ id, title, intro, hidden, children }: SettingsSectionProps) {
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={`${id}-heading`}
      hidden={hidden}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={`${id}-heading`} tabIndex={-1}>
            {title}
          </Title>
          {intro !== undefined && <Text c="dimmed">{intro}</Text>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** A part of a section (the address within the profile), reachable by its own hash. */
export function SettingsSubsection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="settings__subsection">
      <Stack gap="sm">
        <Title order={3} size="h4" id={`${id}-heading`}>
          {title}
        </Title>
        {children}
      </Stack>
    </section>
  );
}
