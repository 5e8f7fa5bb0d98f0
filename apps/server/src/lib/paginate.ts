import type { Pagination } from '@corridor/contracts';

export interface PageRequest {
  page: number;
  perPage: number;
  /** The list's path, for the links. */
  path: string;
}

/** LIMIT and OFFSET for a page, so the database returns only that page. */
export const pageWindow = ({ page, perPage }: PageRequest) => ({
  limit: perPage,
  offset: (page - 1) * perPage,
});

/** The `{data, pagination}` envelope (docs/product/api-conventions.md#lists-and-pagination) for one page the database returned. */
export function paginated<T>(
  data: T[],
  total: number,
  { page, perPage, path }: PageRequest,
): { data: T[]; pagination: Pagination } {
  const totalPages = Math.ceil(total / perPage);
  const link = (p: number) => `${path}?page=${p}`;
  return {
    data,
    pagination: {
      total,
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
