import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageWithAnswersText as pageWith, removePageAnswers } from '@/test/page-with-answers';
import {
  forgetPageAnswers,
  PAGE_ANSWER_MAX_AGE_MS,
  resetPageAnswers,
  takePageAnswer,
} from './page-answers';

const answers = (locale = 'en') =>
  JSON.stringify({
    locale,
    answers: { '/client/v1/tasks': [{ id: 'has_address' }], '/client/v1/profile': { id: 'c1' } },
  });

beforeEach(() => resetPageAnswers());
afterEach(() => {
  removePageAnswers();
  vi.restoreAllMocks();
});

describe('takePageAnswer', () => {
  it('gives each answer the page came with once, then leaves the request to the server', () => {
    const element = pageWith(answers());
    expect(takePageAnswer('/client/v1/tasks', 'en')).toEqual({ data: [{ id: 'has_address' }] });
    // Read once, and out of the page.
    expect(element.isConnected).toBe(false);
    expect(takePageAnswer('/client/v1/tasks', 'en')).toBeUndefined();
    expect(takePageAnswer('/client/v1/profile', 'en')).toEqual({ data: { id: 'c1' } });
  });

  it('gives none for another URL, a query, or another language than the page’s', () => {
    pageWith(answers('en'));
    expect(takePageAnswer('/client/v1/quote', 'en')).toBeUndefined();
    expect(takePageAnswer('/client/v1/tasks?page=2', 'en')).toBeUndefined();
    expect(takePageAnswer('/client/v1/tasks', 'es')).toBeUndefined();
    expect(takePageAnswer('/client/v1/tasks', null)).toBeUndefined();
    // Still there for the request that matches.
    expect(takePageAnswer('/client/v1/tasks', 'en')).toBeDefined();
  });

  it('gives none from a page without answers, or with a broken element', () => {
    expect(takePageAnswer('/client/v1/tasks', 'en')).toBeUndefined();
    resetPageAnswers();
    pageWith('{"locale":"en","answers":');
    expect(takePageAnswer('/client/v1/tasks', 'en')).toBeUndefined();
    resetPageAnswers();
    pageWith('{"answers":{}}');
    expect(takePageAnswer('/client/v1/tasks', 'en')).toBeUndefined();
  });

  it('gives none once the page is older than its answers may be', () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000_000);
    resetPageAnswers();
    pageWith(answers());
    now.mockReturnValue(1_000_000 + PAGE_ANSWER_MAX_AGE_MS);
    expect(takePageAnswer('/client/v1/profile', 'en')).toEqual({ data: { id: 'c1' } });
    now.mockReturnValue(1_000_000 + PAGE_ANSWER_MAX_AGE_MS + 1);
    expect(takePageAnswer('/client/v1/tasks', 'en')).toBeUndefined();
    // Forgotten for good, even if the clock were to say otherwise.
    now.mockReturnValue(1_000_000);
    expect(takePageAnswer('/client/v1/tasks', 'en')).toBeUndefined();
  });

  it('counts the answers’ age from the page’s start, not from the test runner’s', () => {
    // Regression: CI's workers had run for more than 30 s, and every answer was too old.
    vi.spyOn(performance, 'now').mockReturnValue(PAGE_ANSWER_MAX_AGE_MS * 10);
    resetPageAnswers();
    pageWith(answers());
    expect(takePageAnswer('/client/v1/tasks', 'en')).toBeDefined();
  });

  it('gives none after forgetPageAnswers (a write)', () => {
    pageWith(answers());
    forgetPageAnswers();
    expect(takePageAnswer('/client/v1/tasks', 'en')).toBeUndefined();
  });
});
