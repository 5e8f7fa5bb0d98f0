import { describe, expect, it } from 'vitest';
import { filtersFromParams, isFiltered, paramsFromFilters } from './transaction-filters';

const recipient = '00000006-0000-4000-8000-000000000001';

describe('the list filters in the address', () => {
  it('reads every filter and the page, and writes them back the same', () => {
    const params = new URLSearchParams(
      `state=ON-HOLD&recipient=${recipient}&from=2026-11-01&to=2026-11-30&page=3`,
    );
    const filters = filtersFromParams(params);
    expect(filters).toEqual({
      page: 3,
      state: 'ON-HOLD',
      recipientId: recipient,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(paramsFromFilters(filters).toString()).toBe(params.toString());
    expect(isFiltered(filters)).toBe(true);
  });

  it('leaves out what the server would refuse: unknown states, ids, days, an end before the start', () => {
    expect(
      filtersFromParams(
        new URLSearchParams('state=PAID&recipient=42&from=2026-02-31&to=2026-13-01&page=-2'),
      ),
    ).toEqual({ page: 1 });
    expect(filtersFromParams(new URLSearchParams('from=2026-11-20&to=2026-11-01'))).toEqual({
      page: 1,
      startDate: '2026-11-20',
    });
  });

  it('writes nothing for the first page without filters', () => {
    expect(paramsFromFilters({ page: 1 }).toString()).toBe('');
    expect(isFiltered({ page: 4 })).toBe(false);
  });
});
