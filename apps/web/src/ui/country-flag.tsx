import { useState } from 'react';
import { flagUrl } from './flag-urls';
import './country-flag.css';

export interface CountryFlagProps {
  /** ISO 3166-1 alpha-2 code ("GB"). */
  iso2: string;
  /** Height in pixels; flags are 3:2. */
  size?: number;
  /**
   * The country's name when the flag stands alone. Left out, the flag is decorative: the name
   * is written beside it.
   */
  label?: string;
}

/**
 * A country's flag as an SVG image of its own (defect 2: emoji flags are two-letter boxes on
 * Chromium for Linux and Windows), loaded lazily. A code without a flag, or a flag that did not
 * load (offline), leaves a neutral box of the same size, so lists stay aligned.
 */
export function CountryFlag({ iso2, size = 16, label }: CountryFlagProps) {
  const url = flagUrl(iso2);
  const [failed, setFailed] = useState(false);
  const style = { width: Math.round(size * 1.5), height: size };
  if (url === undefined || failed) {
    return (
      <span
        className="country-flag country-flag--missing"
        style={style}
        role={label === undefined ? undefined : 'img'}
        aria-label={label}
        aria-hidden={label === undefined ? true : undefined}
      />
    );
  }
  return (
    <img
      className="country-flag"
      src={url}
      alt={label ?? ''}
      width={style.width}
      height={style.height}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}
