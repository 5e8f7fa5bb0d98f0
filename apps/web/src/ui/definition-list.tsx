import type { ReactNode } from 'react';
import './definition-list.css';

export interface Definition {
  /** Unique within the list; the term by default. */
  key?: string;
  term: ReactNode;
  description: ReactNode;
}

export interface DefinitionListProps {
  items: readonly Definition[];
}

/**
 * Facts as term and value (a recipient's name, bank, account number): one under the other on
 * a phone, side by side from tablets up. Long values (an IBAN) wrap rather than widen the page.
 */
export function DefinitionList({ items }: DefinitionListProps) {
  return (
    <dl className="definition-list">
      {items.map((item, index) => (
        <div
          key={item.key ?? (typeof item.term === 'string' ? item.term : index)}
          className="definition-list__row"
        >
          <dt className="definition-list__term">{item.term}</dt>
          <dd className="definition-list__description">{item.description}</dd>
        </div>
      ))}
    </dl>
  );
}
