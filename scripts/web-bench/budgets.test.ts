import { describe, expect, it } from 'vitest';
import { bytesByName } from './budgets.ts';
import { withoutContentHash, type LoadedResource } from './page-weight.ts';

const resource = (name: string, kind: string, bodyBytes: number): LoadedResource => ({
  name,
  kind,
  bodyBytes,
  headerBytes: 200,
  encoding: 'br',
});

describe('the baseline of a page', () => {
  it('keeps every file of a repeated name (each feature has its own en.js): their sum', () => {
    const weight = {
      page: 'transfer',
      resources: [
        resource('/assets/index.js', 'script', 107_000),
        resource('/assets/en.js', 'script', 1_300),
        resource('/assets/en.js', 'script', 900),
        resource('/assets/en.js', 'script', 200),
        resource('/client/v1/quote/1', 'fetch', 5_000),
      ],
    };
    expect(bytesByName(weight)).toEqual({ '/assets/index.js': 107_000, '/assets/en.js': 2_400 });
  });
});

describe('a resource name', () => {
  it('leaves out the content hash and the page id, so runs compare', () => {
    expect(withoutContentHash('/assets/sign-in-screen-B0Bn1QI-.js')).toBe(
      '/assets/sign-in-screen.js',
    );
    expect(withoutContentHash('/pay/2adac020-2e6f-4ce5-85fd-693cf7738a6a')).toBe('/pay/{id}');
  });
});
