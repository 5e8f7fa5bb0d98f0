/**
 * The app's one i18n library (decision 19): catalogues per feature, only the active language
 * loaded, messages in an ICU subset, amounts and dates through Intl.
 */
export {
  defineCatalogue,
  useT,
  type Catalogue,
  type TagRenderers,
  type Translate,
} from './catalogue';
export { formatDate, formatDateTime, formatMoney, formatMoneyToParts } from './intl';
export { currentLocale, hasLocalChoice, initLocale, setLocale } from './locale-store';
export { useLocale } from './use-locale';
export { commonMessages } from './messages';
export { LanguageSwitch, type LanguageSwitchProps } from './language-switch';
