// The gallery's frame: a part with its states, and sample data.
import { Group, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { useLocale } from '@/i18n';
import { type SelectableCountry } from '@/features/countries';

/** Sample words in the gallery's language (the parts' own words come from their catalogue). */
export function useSample() {
  const locale = useLocale();
  return (en: string, es: string) => (locale === 'es' ? es : en);
}

export function Part({
  name,
  file,
  children,
}: {
  name: string;
  file: string;
  children: ReactNode;
}) {
  const id = name.toLowerCase().replace(/[^a-z]+/g, '-');
  return (
    <section className="gallery__part" id={id} aria-labelledby={`${id}-title`}>
      <Group justify="space-between" align="baseline">
        <Title order={2} id={`${id}-title`}>
          {name}
        </Title>
        <code className="gallery__file">src/{file}</code>
      </Group>
      <div className="gallery__states">{children}</div>
    </section>
  );
}

export function State({
  label,
  wide,
  children,
}: {
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <figure className="gallery__state" data-wide={wide || undefined}>
      <figcaption className="gallery__label">{label}</figcaption>
      <div className="gallery__example">{children}</div>
    </figure>
  );
}

export const countries: SelectableCountry[] = [
  ['GB', 'United Kingdom', 'British', '44'],
  ['ES', 'Spain', 'Spanish', '34'],
  ['MX', 'Mexico', 'Mexican', '52'],
  ['PH', 'Philippines', 'Filipino', '63'],
  ['IN', 'India', 'Indian', '91'],
  ['NG', 'Nigeria', 'Nigerian', '234'],
  ['IO', 'British Indian Ocean Territory', null, '246'],
].map(([iso2, name, demonym, calling], index) => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  iso2_alpha: iso2 ?? '',
  common_name: name ?? '',
  official_name: name ?? '',
  endonym: name ?? '',
  demonym: demonym ?? null,
  calling_code: calling ?? null,
}));
