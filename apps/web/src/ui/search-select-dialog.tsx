import { Modal, TextInput, VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { commonMessages, useT } from '@/i18n';
import { SearchIcon } from './icons';
import { uiMessages } from './messages';
import type { SelectOption } from './search-options';

/** What the field (search-select.tsx) hands its list: the state stays with the field. */
export interface SearchSelectDialogProps {
  /** The dialog's id; its body is `${id}-body`, which the field's trigger controls. */
  id: string;
  /** The field's id, which the list's and options' ids start with. */
  fieldId: string;
  label: string;
  opened: boolean;
  isPhone: boolean;
  options: readonly SelectOption[];
  value: string | null;
  query: string;
  results: readonly SelectOption[];
  active: number;
  listRef: RefObject<HTMLUListElement | null>;
  onClose: () => void;
  onQueryChange: (query: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onChoose: (option: SelectOption) => void;
  onActivate: (index: number) => void;
  renderIcon: ((option: SelectOption) => ReactNode) | undefined;
  nothingFoundMessage: ReactNode;
}

/**
 * The list of a SearchSelect, in a dialog: full screen on phones, a panel on wider screens. Its
 * own chunk (with Mantine's Modal and what it brings, about 20 KB), loaded once the screen with
 * the field has painted: no screen's first paint waits for it (issue 13).
 */
export function SearchSelectDialog({
  id,
  fieldId,
  label,
  opened,
  isPhone,
  options,
  value,
  query,
  results,
  active,
  listRef,
  onClose,
  onQueryChange,
  onKeyDown,
  onChoose,
  onActivate,
  renderIcon,
  nothingFoundMessage,
}: SearchSelectDialogProps) {
  const t = useT(uiMessages);
  const common = useT(commonMessages);
  const listId = `${fieldId}-list`;
  const optionId = (index: number) => `${fieldId}-option-${index}`;
  return (
    <Modal
      id={id}
      opened={opened}
      onClose={onClose}
      title={label}
      fullScreen={isPhone}
      radius={isPhone ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': common('action.close') }}
      classNames={{ body: 'search-select__body' }}
      size="md"
    >
      <TextInput
        data-autofocus
        role="combobox"
        aria-label={t('select.search', { label })}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
        placeholder={t('select.searchPlaceholder')}
        leftSection={<SearchIcon />}
        value={query}
        onChange={(event) => onQueryChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="done"
      />
      <VisuallyHidden role="status">
        {query === '' ? '' : t('select.results', { count: results.length })}
      </VisuallyHidden>
      {results.length === 0 ? (
        <p className="search-select__empty">
          {options.length === 0 ? t('select.noOptions') : nothingFoundMessage}
        </p>
      ) : (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          className="search-select__list"
        >
          {results.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              data-index={index}
              aria-selected={option.value === value}
              data-active={index === active || undefined}
              className="search-select__option"
              onClick={() => onChoose(option)}
              onMouseMove={() => onActivate(index)}
            >
              {renderIcon?.(option)}
              <span className="search-select__label">{option.label}</span>
              {option.hint !== undefined && (
                <span className="search-select__hint">{option.hint}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
