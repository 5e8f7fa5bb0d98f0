// Each country's flag is its own SVG file (country-flag-icons, 3:2), fetched by the <img> that
// shows it and only then: never a sprite of all 250. `?no-inline` keeps even the smallest flags
// files of their own, where Vite would otherwise inline them into this map as data URLs.
// The package is hoisted to the repository's node_modules by npm workspaces.
const files = import.meta.glob<string>('../../../../node_modules/country-flag-icons/3x2/*.svg', {
  eager: true,
  query: '?no-inline',
  import: 'default',
});

const byCode = new Map<string, string>();
for (const [path, url] of Object.entries(files)) {
  const code = /([A-Z]{2})\.svg$/.exec(path)?.[1];
  if (code !== undefined) byCode.set(code, url);
}

/** The URL of the flag of an ISO 3166-1 alpha-2 code ("GB"), if there is one. */
export function flagUrl(iso2: string): string | undefined {
  return byCode.get(iso2.toUpperCase());
}

/** How many flags there are (for the tests: the glob must find them). */
export const flagCount = byCode.size;
