import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './limits.js';

/** Paging fields of a list request: page from 1, page size from the table options (spec 000 section 9). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { message: `Page size must be one of ${PAGE_SIZES.join(', ')}` })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** A page of a list: its rows and the total count of rows matching the filters. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
