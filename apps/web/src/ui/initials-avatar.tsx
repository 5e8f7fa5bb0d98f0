import type { Tone } from './status-badge';
import './tones.css';
import './initials-avatar.css';

/** The tones an avatar rotates over: each pair of text and tint passes AA in both schemes. */
const avatarTones: readonly Tone[] = ['info', 'success', 'warning', 'danger', 'neutral'];

/**
 * "Ada Lovelace" → "AL", "maría" → "M", "李小龙" → "李": the first letter of the first and last
 * words, upper case in the given language. Empty for a name without letters.
 */
export function initialsOf(name: string, locale?: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => Array.from(word)[0] ?? '';
  return (letter(first) + (last === undefined ? '' : letter(last))).toLocaleUpperCase(locale);
}

/** The same tone for the same seed, every time: a small string hash over the tones. */
export function avatarToneOf(seed: string): Tone {
  let hash = 0;
  for (const character of seed) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return avatarTones[hash % avatarTones.length] ?? 'neutral';
}

export interface InitialsAvatarProps {
  /** The person's or business's name; its initials are drawn. */
  name: string;
  /** What picks the colour (an id), so one person keeps theirs; the name by default. */
  seed?: string;
  /** Diameter in pixels. */
  size?: number;
  locale?: string;
}

/**
 * A round badge of someone's initials on a colour rotated over the design system's tones.
 * Decorative: the name is always written beside it.
 */
export function InitialsAvatar({ name, seed, size = 40, locale }: InitialsAvatarProps) {
  return (
    <span
      className="initials-avatar"
      data-tone={avatarToneOf(seed ?? name)}
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
    >
      {initialsOf(name, locale)}
    </span>
  );
}
