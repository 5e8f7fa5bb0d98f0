import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarToneOf, initialsOf, InitialsAvatar } from './initials-avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  ada   augusta king lovelace ')).toBe('AL');
    expect(initialsOf('Chidi')).toBe('C');
  });

  it('skips signs before a word and keeps letters of any script', () => {
    expect(initialsOf("'Ngozi (Okafor)")).toBe('NO');
    expect(initialsOf('Ángel Pérez')).toBe('ÁP');
    expect(initialsOf('李小龙')).toBe('李');
    expect(initialsOf('---')).toBe('');
  });
});

describe('InitialsAvatar', () => {
  it('draws the initials, hidden from screen readers, on a tone kept for the seed', () => {
    const { container } = render(<InitialsAvatar name="Ada Lovelace" seed="id-1" size={48} />);
    const avatar = container.querySelector('.initials-avatar');
    expect(avatar).toHaveTextContent('AL');
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
    expect(avatar).toHaveAttribute('data-tone', avatarToneOf('id-1'));
    expect(avatar).toHaveStyle({ width: '48px', height: '48px' });
  });

  it('rotates its colour over the tones', () => {
    const tones = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(avatarToneOf));
    expect(tones.size).toBeGreaterThan(2);
    expect(avatarToneOf('same')).toBe(avatarToneOf('same'));
  });
});
