/** The sections of settings (defect 8), in order; each is reachable as /settings#<id>. */
export const settingsSections = [
  'profile',
  'security',
  'notifications',
  'language',
  'devices',
] as const;

export type SettingsSection = (typeof settingsSections)[number];

/**
 * Places inside a section that links name (the dashboard's tasks: /settings#address): the
 * section that holds each.
 */
const places: Readonly<Record<string, SettingsSection>> = {
  'personal-details': 'profile',
  address: 'profile',
  employment: 'profile',
  'mobile-number': 'profile',
  email: 'profile',
  'change-password': 'security',
};

function isSection(id: string): id is SettingsSection {
  return (settingsSections as readonly string[]).includes(id);
}

/**
 * The section a URL hash ("#address", "#devices", "") opens, and the element to bring into
 * view: a place inside it, or the section itself. An unknown hash opens the first section.
 */
export function sectionForHash(hash: string): { section: SettingsSection; target: string | null } {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (isSection(id)) return { section: id, target: id };
  const section = places[id];
  if (section !== undefined) return { section, target: id };
  return { section: 'profile', target: null };
}
