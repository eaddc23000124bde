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

/** What the global search finds, in the order its sections show. */
export const SEARCH_KINDS = ['page', 'person', 'room', 'meeting'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One row of the global search: a menu entry, or a person, a room or a meeting with where it opens (null: nowhere the caller may go). */
export type SearchHit =
  | { kind: 'page'; key: string; title: string; page: SearchResult }
  | { kind: 'person' | 'room' | 'meeting'; key: string; title: string; detail: string; to: string | null };

export interface SearchSection {
  kind: SearchKind;
  hits: SearchHit[];
}

/** The non-empty sections in their fixed order; the rows run through them in this order for the arrow keys. */
export function searchSections(hits: Partial<Record<SearchKind, SearchHit[]>>): SearchSection[] {
  return SEARCH_KINDS.map((kind) => ({ kind, hits: hits[kind] ?? [] })).filter((section) => section.hits.length > 0);
}

/** What the caller may open of a person, best first: their own calendar, one shared with them, the directory. */
export interface PersonAccess {
  myUserId: number;
  canOpenCalendar: boolean;
  canOpenDirectory: boolean;
  /** Colleagues whose calendar is shared with the caller. */
  sharedWithMe: ReadonlySet<number>;
}

/** Where a person found by the search opens, or null when the caller may open nothing of theirs. */
export function personLink(person: { id: number; fullName: string; email: string | null }, access: PersonAccess): string | null {
  if (access.canOpenCalendar && person.id === access.myUserId) return '/reserve';
  if (access.canOpenCalendar && access.sharedWithMe.has(person.id)) return `/reserve?calendar=${person.id}`;
  if (access.canOpenDirectory) return `/directory?keyword=${encodeURIComponent(person.email ?? person.fullName)}`;
  return null;
}
