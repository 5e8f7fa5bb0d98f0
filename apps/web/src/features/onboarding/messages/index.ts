import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The words of the onboarding steps. */
export const onboardingMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type OnboardingMessageKey = Extract<keyof typeof en, string>;
