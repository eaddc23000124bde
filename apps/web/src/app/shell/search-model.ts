import { fullTitle, type FlatMenuItem } from '../../shared/menu/menu-model';

/** One search result: a menu entry and its full title ('User management / Personal'). */
export interface SearchResult {
  item: FlatMenuItem;
  title: string;
}

/** The search pool: the flattened menu with translated full titles (spec 000 section 2). */
export function searchPool(items: readonly FlatMenuItem[], translate: (key: string) => string): SearchResult[] {
  return items.map((item) => ({ item, title: fullTitle(item, translate) }));
}

/** The entries whose full title or path contains every word of the query, in menu order. */
export function searchMenu(pool: readonly SearchResult[], query: string): SearchResult[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...pool];
  return pool.filter(({ item, title }) => {
    const haystack = `${title} ${item.target.kind === 'route' ? item.path : ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
