import type { ReactNode } from 'react';
import { ChevronRightIcon } from './icons';
import './choice-list.css';

export interface Choice {
  value: string;
  /** What the choice is, in a few words: its accessible name starts with it. */
  title: ReactNode;
  /** A sentence under the title. */
  description?: ReactNode;
  /** A detail after the description, dimmed ("for your recipient in India…"). */
  meta?: ReactNode;
  /** Drawn before the text (a flag, an initial), decorative. */
  icon?: ReactNode;
  /** Shown after the title, dimmed (a currency code). */
  hint?: ReactNode;
}

export interface ChoiceListProps {
  /** What the list is of, for screen readers ("Countries"). */
  label: string;
  choices: readonly Choice[];
  /** The choice made before, marked as current (going back to a step). */
  value?: string | null;
  onChoose: (value: string) => void;
  /** Said instead of the list when there are no choices. */
  emptyMessage?: ReactNode;
}

/**
 * A list of large choices, each one button that chooses and moves on (a wizard's step: a
 * country, a delivery method, a kind of recipient). Buttons, so Tab and Enter or Space work
 * everywhere; wide rows, so a thumb finds them on a phone.
 */
export function ChoiceList({
  label,
  choices,
  value = null,
  onChoose,
  emptyMessage,
}: ChoiceListProps) {
  if (choices.length === 0 && emptyMessage !== undefined) {
    return <p className="choice-list__empty">{emptyMessage}</p>;
  }
  return (
    <ul className="choice-list" aria-label={label}>
      {choices.map((choice) => (
        <li key={choice.value}>
          <button
            type="button"
            className="choice-list__choice"
            aria-current={choice.value === value ? 'true' : undefined}
            onClick={() => onChoose(choice.value)}
          >
            {choice.icon !== undefined && (
              <span className="choice-list__icon" aria-hidden="true">
                {choice.icon}
              </span>
            )}
            <span className="choice-list__text">
              <span className="choice-list__title">
                {choice.title}
                {choice.hint !== undefined && (
                  <span className="choice-list__hint"> {choice.hint}</span>
                )}
              </span>
              {/* Spaces between the parts, so a screen reader's name for the button has words. */}
              {choice.description !== undefined && (
                <>
                  {' '}
                  <span className="choice-list__description">{choice.description}</span>
                </>
              )}
              {choice.meta !== undefined && (
                <>
                  {' '}
                  <span className="choice-list__meta">{choice.meta}</span>
                </>
              )}
            </span>
            <span className="choice-list__chevron" aria-hidden="true">
              <ChevronRightIcon />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
