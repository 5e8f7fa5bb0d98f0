import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
// Through the path the screens used before the design system, which drew emoji.
import { CountryFlag as ScreensCountryFlag } from '@/components/country-flag';
import { CountryFlag } from './country-flag';
import { flagCount, flagUrl } from './flag-urls';

function renderFlags(node: ReactNode) {
  return renderRoutes([{ path: '/', element: <div data-testid="host">{node}</div> }], '/');
}

describe('CountryFlag', () => {
  it('defect 2: draws an SVG image of the flag, not an emoji that Linux and Windows show as letters', () => {
    renderFlags(<ScreensCountryFlag iso2="gb" />);
    const host = screen.getByTestId('host');
    const image = host.querySelector('img');
    expect(image).not.toBeNull();
    expect(image?.getAttribute('src')).toMatch(/GB\.svg/);
    // No regional-indicator letters (🇬🇧 is U+1F1EC U+1F1E7), nor the letters themselves.
    expect(host.textContent).toBe('');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('loads each flag from a file of its own, never a sprite of all of them', () => {
    expect(flagCount).toBeGreaterThanOrEqual(250);
    const urls = ['GB', 'ES', 'MX', 'PH', 'IN'].map(flagUrl);
    expect(new Set(urls).size).toBe(5);
    for (const url of urls) expect(url).toMatch(/\.svg/);
  });

  it('names the country when it stands alone', () => {
    renderFlags(<CountryFlag iso2="ES" label="Spain" />);
    expect(screen.getByRole('img', { name: 'Spain' })).toBeInTheDocument();
  });

  it('keeps the place of a flag it does not have', () => {
    renderFlags(<CountryFlag iso2="ZZ" size={20} />);
    const box = screen.getByTestId('host').querySelector('.country-flag--missing');
    expect(box).toHaveStyle({ width: '30px', height: '20px' });
    expect(box).toHaveAttribute('aria-hidden', 'true');
  });
});
