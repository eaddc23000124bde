import { z } from 'zod';
import { TEXT_MAX } from './limits.js';
import type { MenuNode } from './menu.js';

/**
 * The application centre (spec 000 section 2, /application): the product's applications, each the
 * owner of some top-level menu entries. An application is available in this build when one of its
 * pages is built; an administrator may switch an available one off for the company, which hides its
 * menu entries for everyone (docs/decisions/0004, Applications).
 */
export const APPLICATIONS = [
  { key: 'rooms', menuKeys: ['rooms', 'tools', 'roomBoard'], icon: 'HomeOutlined' },
  // Pages inside the Rooms group: switching Rooms off hides them too.
  { key: 'doorDisplays', menuKeys: ['doorDisplays', 'displaySettings'], icon: 'TabletOutlined' },
  { key: 'messages', menuKeys: ['messages'], icon: 'MessageOutlined' },
  { key: 'visitors', menuKeys: ['visitors'], icon: 'SolutionOutlined' },
  { key: 'desks', menuKeys: ['desks', 'workstations'], icon: 'DesktopOutlined' },
  { key: 'smartRooms', menuKeys: ['smart'], icon: 'BulbOutlined' },
  { key: 'airQuality', menuKeys: ['airQuality'], icon: 'CloudOutlined' },
  { key: 'organisation', menuKeys: ['organisation'], icon: 'PartitionOutlined' },
] as const satisfies readonly { key: string; menuKeys: readonly string[]; icon: string }[];

export const APPLICATION_KEYS = APPLICATIONS.map((application) => application.key) as [ApplicationKey, ...ApplicationKey[]];
export type ApplicationKey = (typeof APPLICATIONS)[number]['key'];

/** The built pages under a menu node, depth first. */
export function builtPages(node: MenuNode): MenuNode[] {
  if (node.children) return node.children.flatMap(builtPages);
  return node.isBuilt && node.path ? [node] : [];
}

/** The menu nodes an application owns (top-level groups or pages inside one), from a catalogue. */
export const applicationNodes = (key: ApplicationKey, catalogue: readonly MenuNode[]): MenuNode[] => {
  const menuKeys: readonly string[] = APPLICATIONS.find((application) => application.key === key)?.menuKeys ?? [];
  const owned = (nodes: readonly MenuNode[]): MenuNode[] =>
    nodes.flatMap((node) => (menuKeys.includes(node.key) ? [node] : owned(node.children ?? [])));
  // Pages another application owns inside this one's group are that application's.
  const others = APPLICATIONS.filter((application) => application.key !== key).map((application) => application.key);
  return withoutApplications(owned(catalogue), others);
};

/** Whether an application has a built page in the catalogue. */
export const isApplicationBuilt = (key: ApplicationKey, catalogue: readonly MenuNode[]) =>
  applicationNodes(key, catalogue).some((node) => builtPages(node).length > 0);

/** The catalogue without the entries (at any depth) of the switched-off applications. */
export function withoutApplications(catalogue: MenuNode[], switchedOff: readonly string[]): MenuNode[] {
  if (switchedOff.length === 0) return catalogue;
  const hidden = new Set<string>(APPLICATIONS.filter((application) => switchedOff.includes(application.key)).flatMap((application) => [...application.menuKeys]));
  const keep = (nodes: MenuNode[]): MenuNode[] =>
    nodes.filter((node) => !hidden.has(node.key)).map((node) => (node.children ? { ...node, children: keep(node.children) } : node));
  return keep(catalogue);
}

/** One application as `GET /company/application` answers it. */
export const Application = z.object({
  key: z.enum(APPLICATION_KEYS),
  icon: z.string(),
  isBuilt: z.boolean().describe('Whether this build has pages of the application'),
  isEnabled: z.boolean().describe('Whether the company uses it (an administrator may switch a built one off)'),
  path: z.string().nullable().describe('The first page of it the caller may open; null when none'),
});
export type Application = z.infer<typeof Application>;

/** `GET /company/application` result. */
export const ApplicationList = z.object({
  list: z.array(Application),
  canEdit: z.boolean().describe('Whether the caller may switch applications (accountGlobal:edit)'),
});
export type ApplicationList = z.infer<typeof ApplicationList>;

/** `PUT /company/application` body. */
export const SwitchApplicationBody = z.object({ key: z.enum(APPLICATION_KEYS), isEnabled: z.boolean() });
export type SwitchApplicationBody = z.infer<typeof SwitchApplicationBody>;

/** Most results of each kind `GET /tenant/company/search` answers. */
export const COMPANY_SEARCH_LIMIT = { default: 10, max: 50 } as const;

/** `GET /tenant/company/search` query: a keyword over the company's people, departments and locations. */
export const CompanySearchQuery = z.object({
  keyword: z.string().trim().min(1, 'Enter a keyword').max(TEXT_MAX),
  limit: z.coerce.number().int().min(1).max(COMPANY_SEARCH_LIMIT.max).default(COMPANY_SEARCH_LIMIT.default),
});
export type CompanySearchQuery = z.infer<typeof CompanySearchQuery>;

/** `GET /tenant/company/search` result: matches of each kind, best first. */
export const CompanySearchResult = z.object({
  users: z.array(z.object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable(), departmentName: z.string().nullable() })),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), level: z.number().int() })),
});
export type CompanySearchResult = z.infer<typeof CompanySearchResult>;
