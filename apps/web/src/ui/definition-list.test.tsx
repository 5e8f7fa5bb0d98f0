import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DefinitionList } from './definition-list';

describe('DefinitionList', () => {
  it('pairs each term with its value, in order', () => {
    render(
      <DefinitionList
        items={[
          { term: 'Name', description: 'Ada Lovelace' },
          { key: 'iban', term: <abbr title="International">IBAN</abbr>, description: 'PL61 1090' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term');
    const values = screen.getAllByRole('definition');
    expect(terms.map((term) => term.textContent)).toEqual(['Name', 'IBAN']);
    expect(values.map((value) => value.textContent)).toEqual(['Ada Lovelace', 'PL61 1090']);
    expect(terms[0]?.closest('dl')).toBe(values[1]?.closest('dl'));
  });
});
