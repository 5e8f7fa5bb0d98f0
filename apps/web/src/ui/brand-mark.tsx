/**
 * Corridor's mark: two arrows passing each other, money going out and arriving. The same
 * drawing as public/favicon.svg and the app icons; decorative beside the written name.
 */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className="brand-mark"
    >
      <rect width="32" height="32" rx="8" fill="#164c7c" />
      <path
        d="M8 11.5h15M18.5 7l4.5 4.5-4.5 4.5M24 20.5H9M13.5 16 9 20.5l4.5 4.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
