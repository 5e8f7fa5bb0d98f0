import { Input, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { usePhoneLayout } from './use-phone-layout';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '@/i18n';
import { ChevronDownIcon } from './icons';
import { LoadError } from './load-error';
import { uiMessages } from './messages';
import { rankOptions, type SelectOption } from './search-options';
import { useSearchSelectDialog } from './use-search-select-dialog';
import './search-select.css';

export type { SelectOption } from './search-options';

export interface SearchSelectProps {
  label: string;
  options: readonly SelectOption[];
  /** The chosen option's value, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  description?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** Submitted with a form, as a hidden input. */
  name?: string;
  /** The options are loading: a placeholder of the field's size. */
  loading?: boolean;
  /** The options could not be loaded: why, and a retry. */
  loadError?: { message: string; onRetry: () => void };
  /** Drawn before each option's label (a flag). */
  renderIcon?: (option: SelectOption) => ReactNode;
  /**
   * Finds the options matching what was typed, best first, in place of `rankOptions` (labels,
   * keywords, preferred words): for a list with a ranking of its own, such as countries by
   * name, demonym and alias. Called with the query as typed, the empty one included (which
   * should list every option); keep its identity between renders (`useCallback`).
   */
  search?: (options: readonly SelectOption[], query: string) => SelectOption[];
  /** Said when the search finds nothing; by default "Nothing matches “…”." */
  nothingFoundMessage?: ReactNode;
  /** Focus left the field, not for its own list: a form checks the value then. */
  onBlur?: () => void;
  /**
   * Inside another field (the currency beside an amount): the label is read, not shown, and
   * the box is filled rather than outlined.
   */
  compact?: boolean;
}

/**
 * A searchable list in a dialog: full screen on phones (a list that fits the screen and the
 * keyboard, issue 14 defect 3), a panel on wider screens. The search box is a combobox: arrows
 * move through the results, Enter chooses, Escape closes; a tap chooses at once. Matches
 * names, then words within them, then keywords (demonyms, aliases, codes), ignoring accents,
 * unless `search` ranks the options its own way.
 */
export function SearchSelect({
  label,
  options,
  value,
  onChange,
  description,
  error,
  placeholder,
  disabled = false,
  required = false,
  name,
  loading = false,
  loadError,
  renderIcon,
  search = rankOptions,
  nothingFoundMessage,
  onBlur,
  compact = false,
}: SearchSelectProps) {
  const t = useT(uiMessages);
  const id = useId();
  const isPhone = usePhoneLayout();
  const dialog = useSearchSelectDialog();
  const opened = dialog.opened;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  // Set as the list opens, before focus moves into it, so that move is not a blur of the field.
  const openingRef = useRef(false);
  const results = useMemo(() => search(options, query), [search, options, query]);
  const selected = options.find((option) => option.value === value);

  if (loading) {
    return (
      <Stack gap={4}>
        <Input.Label component="span">{label}</Input.Label>
        <VisuallyHidden role="status">{t('select.loading')}</VisuallyHidden>
        <Skeleton height={36} radius="md" aria-hidden="true" />
      </Stack>
    );
  }
  if (loadError !== undefined) {
    return (
      <LoadError
        title={t('select.loadFailed', { label })}
        message={loadError.message}
        onRetry={loadError.onRetry}
      />
    );
  }

  const open = () => {
    setQuery('');
    const at = options.findIndex((option) => option.value === value);
    setActive(Math.max(at, 0));
    openingRef.current = true;
    dialog.open();
  };
  const close = () => {
    openingRef.current = false;
    dialog.close();
  };
  const choose = (option: SelectOption | undefined) => {
    if (option === undefined) return;
    onChange(option.value);
    close();
  };
  const move = (to: number) => {
    const next = Math.min(Math.max(to, 0), results.length - 1);
    setActive(next);
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${next}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(active + 1);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'Home' && event.ctrlKey) move(0);
    else if (event.key === 'End' && event.ctrlKey) move(results.length - 1);
    else if (event.key === 'Enter') choose(results[active]);
    else return;
    event.preventDefault();
  };

  const triggerId = `${id}-trigger`;
  const labelId = `${id}-label`;
  const dialogId = `${id}-dialog`;
  const hasError = error !== undefined && error !== null && error !== false;
  return (
    <>
      <Input.Wrapper
        label={label}
        description={description}
        error={error}
        // The asterisk of a required field, as Mantine's other inputs show it (hidden from
        // screen readers, which hear aria-required).
        required={required}
        id={triggerId}
        labelProps={{ id: labelId, className: compact ? 'visually-hidden' : undefined }}
      >
        {/* A select-only combobox whose popup is a dialog (WAI-ARIA APG): read as the field's
            name, then the chosen value. */}
        <Input
          component="button"
          type="button"
          id={triggerId}
          role="combobox"
          pointer
          variant={compact ? 'filled' : 'default'}
          disabled={disabled}
          error={hasError}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-controls={`${dialogId}-body`}
          aria-labelledby={labelId}
          aria-invalid={hasError}
          aria-required={required || undefined}
          // What is chosen, not its label (which follows the language): settings compare it
          // to tell an edit from a language switch.
          data-value={value ?? ''}
          onClick={open}
          onBlur={() => {
            if (!openingRef.current) onBlur?.();
          }}
          leftSection={selected !== undefined ? renderIcon?.(selected) : undefined}
          rightSection={<ChevronDownIcon />}
          rightSectionPointerEvents="none"
          className="search-select__trigger"
        >
          {selected !== undefined ? (
            // Compact, the short form (a currency's code) stands for the name.
            compact ? (
              (selected.hint ?? selected.label)
            ) : (
              selected.label
            )
          ) : (
            <span className="search-select__placeholder">{placeholder ?? t('select.choose')}</span>
          )}
        </Input>
      </Input.Wrapper>
      {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
      {dialog.failed && (
        <LoadError
          title={t('select.openFailed', { label })}
          message={t('select.openFailedText')}
          onRetry={open}
        />
      )}
      {dialog.Dialog !== undefined && (
        <dialog.Dialog
          id={dialogId}
          fieldId={id}
          label={label}
          opened={opened}
          isPhone={isPhone}
          options={options}
          value={value}
          query={query}
          results={results}
          active={active}
          listRef={listRef}
          onClose={close}
          onQueryChange={(next) => {
            setQuery(next);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onChoose={choose}
          onActivate={setActive}
          renderIcon={renderIcon}
          nothingFoundMessage={nothingFoundMessage ?? t('select.nothingFound', { query })}
        />
      )}
    </>
  );
}
