import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useId } from 'react';
import { useT } from '@/i18n';
import { uiMessages } from './messages';
import './color-scheme-switch.css';

const schemes: readonly MantineColorScheme[] = ['auto', 'light', 'dark'];

/**
 * Light, dark, or as this device is set (the default). Kept on this browser (localStorage):
 * the scheme is a property of the screen someone is looking at, not of the account.
 */
export function ColorSchemeSwitch() {
  const t = useT(uiMessages);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{t('scheme.legend')}</legend>
      <div className="segmented__options">
        {schemes.map((scheme) => (
          <label key={scheme} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={scheme}
              checked={colorScheme === scheme}
              onChange={() => setColorScheme(scheme)}
            />
            <span>{t(`scheme.${scheme}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
