import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-11-22T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [-300, 'just now'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [2 * 60 * 60, '2 hours ago'],
    [30 * 60 * 60, 'yesterday'],
    [3 * 24 * 60 * 60, '3 days ago'],
    [8 * 24 * 60 * 60, 'last week'],
    [65 * 24 * 60 * 60, '2 months ago'],
    [400 * 24 * 60 * 60, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text);
  });
});
