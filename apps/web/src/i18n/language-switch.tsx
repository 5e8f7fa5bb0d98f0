import { supportedLocales, type Locale } from '@corridor/contracts/wire/locales';
import { useId, useState } from 'react';
import { setLocale } from './locale-store';
import { commonMessages } from './messages';
import { useT } from './catalogue';

export interface LanguageSwitchProps {
  /** After the screens switched: settings keep the choice on the customer too. */
  onChange?: (locale: Locale) => void | Promise<void>;
  /** Hide the visible label (the sign-in page's corner); it stays for screen readers. */
  compact?: boolean;
}

/**
 * The language switch of the sign-in page and settings: a native select, so it works the same
 * with a keyboard, a screen reader and a phone's picker. Each language is named in itself.
 */
export function LanguageSwitch({ onChange, compact = false }: LanguageSwitchProps) {
  const t = useT(commonMessages);
  const id = useId();
  const [switching, setSwitching] = useState(false);
  return (
    <span className="language-switch">
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {t('language.label')}
      </label>{' '}
      <select
        id={id}
        value={t.locale}
        disabled={switching}
        onChange={(event) => {
          const next = event.currentTarget.value as Locale;
          setSwitching(true);
          void setLocale(next)
            .then(() => onChange?.(next))
            .finally(() => setSwitching(false));
        }}
      >
        {supportedLocales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
