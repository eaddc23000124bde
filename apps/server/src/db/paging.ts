import type { Page, PageQuery } from '@atrium/contract';

/**
 * One page of a filtered list: counts every matching row and fetches the rows of the requested
 * page (pages count from 1), then presents them. The two queries run side by side.
 */
export async function fetchPage<Row, Item>(
  query: PageQuery,
  countRows: () => Promise<{ total: number | string | bigint }>,
  pageRows: (limit: number, offset: number) => Promise<Row[]>,
  present: (row: Row) => Item,
): Promise<Page<Item>> {
  const [{ total }, rows] = await Promise.all([countRows(), pageRows(query.pageSize, (query.page - 1) * query.pageSize)]);
  return { total: Number(total), page: query.page, pageSize: query.pageSize, list: rows.map(present) };
}
