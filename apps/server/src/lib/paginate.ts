import type { Pagination } from '@corridor/contracts';

/** The `{data, pagination}` envelope (DESIGN §3) for a list already in memory. */
export function paginate<T>(
  items: T[],
  options: { page: number; perPage: number; path: string },
): { data: T[]; pagination: Pagination } {
  const { page, perPage, path } = options;
  const totalPages = Math.ceil(items.length / perPage);
  const data = items.slice((page - 1) * perPage, page * perPage);
  const link = (p: number) => `${path}?page=${p}`;
  return {
    data,
    pagination: {
      total: items.length,
      count: data.length,
      per_page: perPage,
      current_page: page,
      total_pages: totalPages,
      links: {
        self: link(page),
        next: page < totalPages ? link(page + 1) : null,
        prev: page > 1 ? link(page - 1) : null,
      },
    },
  };
}
