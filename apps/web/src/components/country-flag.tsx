// The design system's flag (ui/country-flag.tsx): an SVG per country, never an emoji (defect 2).
export { CountryFlag, type CountryFlagProps } from '@/ui/country-flag';
