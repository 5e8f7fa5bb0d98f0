import type { Locale } from '@corridor/contracts/wire/locales';
import { Anchor, Group, Title } from '@mantine/core';
import { BrandMark } from '@/ui/brand-mark';
import { ThemePart, ShellPart, PageHeaderPart, MoneyPart, AmountPart } from './layout-parts';
import { FilePart, FlagPart, SelectPart } from './choice-parts';
import { AvatarPart, ChoicePart, DefinitionPart, PagerPart } from './list-parts';
import {
  BadgePart,
  TimelinePart,
  EmptyPart,
  DialogPart,
  CopyPart,
  ToastPart,
  ErrorPart,
  ControlsPart,
} from './feedback-parts';
export { ShellPreview } from './layout-parts';

export interface GalleryPageProps {
  locale: Locale;
  scheme: 'light' | 'dark';
  /** The shell's frames load the gallery again, at a phone's and a desktop's width. */
  withFrames?: boolean;
}

/** Every part in every state; the toolbar switches language and scheme. */
export function GalleryPage({ locale, scheme, withFrames = true }: GalleryPageProps) {
  const link = (lang: Locale, next: string) => `?lang=${lang}&scheme=${next}`;
  return (
    <div className="gallery">
      <header className="gallery__toolbar">
        <Group gap="sm">
          <BrandMark />
          <Title order={1} size="h3">
            Corridor design system
          </Title>
        </Group>
        <nav aria-label="Versions">
          <Group gap="xs">
            {(['en', 'es'] as const).map((lang) =>
              (['light', 'dark'] as const).map((next) => (
                <Anchor
                  key={`${lang}-${next}`}
                  href={link(lang, next)}
                  aria-current={lang === locale && next === scheme ? 'page' : undefined}
                  className="gallery__version"
                >
                  {lang === 'en' ? 'English' : 'Español'} · {next}
                </Anchor>
              )),
            )}
          </Group>
        </nav>
      </header>
      <main className="gallery__parts">
        <ThemePart />
        <ShellPart locale={locale} scheme={scheme} withFrames={withFrames} />
        <PageHeaderPart />
        <MoneyPart />
        <AmountPart />
        <FlagPart />
        <SelectPart />
        <FilePart />
        <BadgePart />
        <TimelinePart />
        <EmptyPart />
        <DialogPart />
        <CopyPart />
        <ToastPart />
        <ErrorPart />
        <ControlsPart />
        <AvatarPart />
        <ChoicePart />
        <DefinitionPart />
        <PagerPart />
      </main>
    </div>
  );
}
