import { describe, expect, it } from 'vitest';
import { sectionForHash } from './settings-sections';

describe('sectionForHash', () => {
  it('opens a section by its hash, and a place inside it by the place’s', () => {
    expect(sectionForHash('#devices')).toEqual({ section: 'devices', target: 'devices' });
    expect(sectionForHash('#address')).toEqual({ section: 'profile', target: 'address' });
    expect(sectionForHash('#change-password')).toEqual({
      section: 'security',
      target: 'change-password',
    });
  });

  it('opens the first section without a hash or with an unknown one', () => {
    expect(sectionForHash('')).toEqual({ section: 'profile', target: null });
    expect(sectionForHash('#nowhere')).toEqual({ section: 'profile', target: null });
  });
});
