import { textProblem, textProblemMessage, type Locale } from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { countryNameOf } from '../../i18n/index.ts';
import type { RecipientDirectory } from './recipient-directory.ts';
import type { RecipientSearch } from './recipients.repository.ts';

/**
 * The recipients list's `search` as the repository runs it: by name, account number, or the
 * name of the country (English or the reader's); undefined when there is nothing to search for.
 */
export const recipientSearch =
  (directory: RecipientDirectory) =>
  async (search: string | undefined, locale: Locale): Promise<RecipientSearch | undefined> => {
    const problem = search === undefined ? null : textProblem(search);
    // A NUL or a lone surrogate could not even be sent to the database.
    if (problem !== null) {
      throw AppError.validation({ search: [textProblemMessage(problem, 'search')] });
    }
    const text = search?.trim() ?? '';
    if (text === '') return undefined;
    const wanted = text.toLocaleLowerCase(locale);
    const targetIds = new Set<string>();
    for (const { target } of await directory.corridors()) {
      const names = [target.country.common_name, countryNameOf(target.country.iso2_alpha, locale)];
      if (names.some((name) => name?.toLocaleLowerCase(locale).includes(wanted))) {
        targetIds.add(target.id);
      }
    }
    return { text, targetIds: [...targetIds] };
  };
