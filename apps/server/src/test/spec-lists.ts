import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The lists the specification gives (`../shared/spec/`, beside the repository): the console's routes
 * (section 2 of both documents) and the calls of their call tables (section 7), read from the text so
 * that a test can hold the build to them (issue 23: every route opens a page, every call is served).
 *
 * The documents write their lists for people: tables, and sentences such as
 * "GET /a; /b; POST, PUT /c, d (query)" where a path without a method takes the one before it and a bare
 * name after a path is a sibling of that path. A heading or label names the base of what follows
 * ("Tenant base (/tenant):", "Boss area (base /boss)"), served under `/api` + base + path (DECISIONS.md).
 */
export interface SpecRoute {
  /** As the spec writes it, parameters in braces: `/record-detail/{id}`. */
  path: string;
  /** Listed among the public routes (no sign-in). */
  isPublic: boolean;
}

export interface SpecCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under `/api`, base included: `/tenant/role/swap`. */
  path: string;
}

export interface SpecLists {
  routes: SpecRoute[];
  calls: SpecCall[];
}

const SPEC_FILES = ['000_6b183e3420c68223.txt', '001_0d7dcd69826fd1c0.txt'] as const;

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));

/** The parsed lists kept in the repository, for a checkout without the spec beside it (CI's clean clone). */
export const SPEC_LISTS_SNAPSHOT = path.join(REPOSITORY, 'docs', 'spec-lists.json');

/** Where the spec's documents are: `ATRIUM_SPEC_DIR`, else `../shared/spec` beside the repository; undefined when absent. */
export function specDirectory(): string | undefined {
  const candidates = [process.env.ATRIUM_SPEC_DIR, path.join(REPOSITORY, '..', 'shared', 'spec')].filter((dir): dir is string => Boolean(dir));
  return candidates.find((dir) => SPEC_FILES.every((file) => existsSync(path.join(dir, file))));
}

/** The lists read from the spec when it is beside the repository, else the snapshot taken from it. */
export function readSpecLists(): SpecLists {
  const dir = specDirectory();
  if (dir) return parseSpec(readSpecDocuments(dir));
  return JSON.parse(readFileSync(SPEC_LISTS_SNAPSHOT, 'utf8')) as SpecLists;
}

/** The two documents' texts. */
export function readSpecDocuments(dir: string): string[] {
  return SPEC_FILES.map((file) => readFileSync(path.join(dir, file), 'utf8'));
}

/** Both documents' lists, each route and call once, in the order first met. */
export function parseSpec(documents: readonly string[]): SpecLists {
  const routes = new Map<string, SpecRoute>();
  const calls = new Map<string, SpecCall>();
  for (const text of documents) {
    for (const route of parseRoutes(section(text, 2))) {
      const known = routes.get(route.path);
      // A route listed both ways ("also listed with no auth flag") is public: nobody is asked to sign in.
      routes.set(route.path, { path: route.path, isPublic: route.isPublic || (known?.isPublic ?? false) });
    }
    for (const call of parseCalls(section(text, 7))) calls.set(`${call.method} ${call.path}`, call);
  }
  return { routes: [...routes.values()], calls: [...calls.values()] };
}

/** The text of `## <n>. ...` up to the next `## ` heading. */
function section(text: string, n: number): string {
  const start = text.search(new RegExp(`^## ${n}\\.`, 'm'));
  if (start < 0) throw new Error(`The spec has no section ${n}`);
  const rest = text.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * Section 2's routes: the first document's paragraphs "Authenticated routes" (bare names, "Routes: a, b,
 * c/{id}. Hidden helpers: x and y/{z*}.") and "Public routes" (slashed paths), the second's table of
 * authenticated routes (with "/deskeeper-console, -overview" shorthand) and its "Public routes:" line.
 */
function parseRoutes(text: string): SpecRoute[] {
  const found: SpecRoute[] = [];
  const add = (raw: string, isPublic: boolean) => {
    const name = raw.trim().replace(/\s*\(.*$/, '').replace(/[.,]$/, '');
    if (!/^\/?[a-z][\w\-/{}*]*$/i.test(name)) return;
    found.push({ path: name.startsWith('/') ? name : `/${name}`, isPublic });
  };
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^### Authenticated routes/.test(line)) {
      const paragraph = lines[index + 1] ?? '';
      const listed = /Routes: (.*?)\. Hidden helpers: (.*?)\./.exec(paragraph);
      if (!listed) throw new Error('The authenticated routes paragraph changed its shape');
      for (const name of listed[1]!.split(',')) add(name, false);
      for (const name of listed[2]!.split(/,| and /)) add(name, false);
      // "The paths /quality-equipment and /quality-location are listed without the authentication flag."
      for (const match of paragraph.matchAll(/The paths (.*?) are listed without the authentication flag/g)) {
        for (const name of match[1]!.split(/,| and /)) add(name, true);
      }
    }
    if (/^### Public routes/.test(line)) {
      const paragraph = lines[index + 1] ?? '';
      const [routesPart, registration] = paragraph.split('Registration:');
      for (const name of routesPart!.split(',')) add(name, true);
      for (const name of (registration ?? '').split(',')) add(name, true);
    }
    const row = /^\| ([A-Z][\w ]*) \| (\/.*) \|$/.exec(line);
    if (row && !/^(Method|Area)$/.test(row[1]!)) {
      let stem = '';
      for (const part of row[2]!.split(',')) {
        const name = part.trim().replace(/\s*\(.*$/, '');
        if (name.startsWith('/')) {
          stem = name.replace(/-.*$/, '');
          add(name, false);
        } else if (name.startsWith('-')) {
          add(`${stem}${name}`, false);
        }
      }
    }
    if (line.startsWith('Public routes:')) {
      const first = line.slice('Public routes:'.length).split('.')[0]!;
      for (const name of first.split(',')) add(name, true);
      for (const match of line.matchAll(/(\/[\w-]+(?: and \/[\w-]+)*) are also listed with no auth flag/g)) {
        for (const name of match[1]!.split(' and ')) add(name, true);
      }
    }
  }
  return found;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const METHOD_LIST = /^((?:GET|POST|PUT|DELETE)(?:(?:, | and )(?:GET|POST|PUT|DELETE))*) /;

/**
 * Section 7's calls: table rows `| GET | /a, /b | ... |`, and call sentences, one subsection at a time.
 * Only the subsections' own list lines are read (a table row, or a line starting with a method or a base
 * label): prose that mentions paths in passing ("uses /third-party calls (GET query; ...)") is not a list.
 */
function parseCalls(text: string): SpecCall[] {
  const found: SpecCall[] = [];
  let headingBase = '';
  for (const line of text.split('\n')) {
    const heading = /^### (.*)$/.exec(line);
    if (heading) {
      headingBase = /\(base (\/[\w-]+)\)/.exec(heading[1]!)?.[1] ?? '';
      continue;
    }
    const row = /^\| ([A-Z]+) \| ([^|]+) \|/.exec(line);
    if (row) {
      if (!METHODS.includes(row[1] as Method)) continue;
      for (const part of row[2]!.split(',')) {
        const name = part.trim();
        if (name.startsWith('/')) found.push({ method: row[1] as Method, path: headingBase + name });
      }
      continue;
    }
    found.push(...parseCallLine(line, headingBase));
  }
  return found;
}

/** One line of call sentences, each read on its own; prose sentences answer nothing. */
function parseCallLine(line: string, headingBase: string): SpecCall[] {
  return line
    .trim()
    .split(/\.(?:\s+|$)/)
    .flatMap((sentence) => parseCallSentence(sentence.trim(), headingBase));
}

/**
 * "GET /a; /b; POST, PUT /c, d", optionally after a base label ("Tenant base (/tenant): ...",
 * "Company contacts (tenant base): GET and PUT company-contacts"); anything else is prose.
 */
function parseCallSentence(sentence: string, headingBase: string): SpecCall[] {
  let base = headingBase;
  let rest = sentence;
  const label = /^([A-Z][\w ]*?)(?: \(([^)]*)\))?: (.*)$/.exec(rest);
  if (label) {
    const named = `${label[1]} ${label[2] ?? ''}`.toLowerCase();
    if (!/base/.test(named)) return [];
    base = /tenant/.test(named) ? '/tenant' : '';
    rest = label[3]!;
  } else if (!METHOD_LIST.test(rest)) {
    return [];
  }
  const found: SpecCall[] = [];
  let methods: Method[] = [];
  for (const rawItem of rest.split(';')) {
    let item = rawItem.trim();
    // "POST /location/product tree (POST /location/tree/product on the tenant base)": the aside is a call of its own.
    const aside = /\(((?:GET|POST|PUT|DELETE) \/[^\s)]+) on the tenant base\)/.exec(item);
    if (aside) {
      const [method, asidePath] = aside[1]!.split(' ') as [Method, string];
      found.push({ method, path: `/tenant${asidePath}` });
      item = item.replace(aside[0], '');
    }
    const itemBase = /\((?:no base|separate service base)\)/.test(item) ? '' : base;
    item = item.replace(/\([^)]*\)/g, '').trim();
    const listed = METHOD_LIST.exec(item);
    if (listed) {
      methods = listed[1]!.split(/, | and /) as Method[];
      item = item.slice(listed[0].length).trim();
    }
    if (methods.length === 0) continue;
    // "{origin}/api/upload": the API base is ours to add.
    item = item.replace(/^\{origin\}\/api/, '');
    let stem: string | undefined;
    for (const [position, rawName] of item.split(',').entries()) {
      const words = rawName.trim().split(' ');
      const name = words[0]!;
      let full: string | undefined;
      if (name.startsWith('/')) {
        full = name;
        stem = name.slice(0, name.lastIndexOf('/') + 1);
      } else if (words.length > 1) {
        // "multipart with file plus extra fields": a remark, not a name.
        continue;
      } else if (stem && /^[a-z][\w-]*$/i.test(name)) {
        // "POST /storeManager/createBranch, updateBranch": a sibling of the path before it.
        full = stem + name;
      } else if (position === 0 && /^[a-z][\w-]*(?:\/[\w-]+)*$/.test(name)) {
        // "GET and PUT company-contacts": a path written without its leading slash.
        full = `/${name}`;
      }
      if (full) for (const method of methods) found.push({ method, path: itemBase + full });
    }
  }
  return found;
}

/** Run as `npx tsx apps/server/src/test/spec-lists.ts --write` after the spec changes: rewrites the snapshot. */
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  const dir = specDirectory();
  if (!dir) throw new Error('The spec is not beside the repository (../shared/spec) and ATRIUM_SPEC_DIR is not set');
  const lists = parseSpec(readSpecDocuments(dir));
  // One route or call a line: a change to the spec reads as a change of lines.
  const lines = (items: readonly object[]) => items.map((item) => `  ${JSON.stringify(item)}`).join(',\n');
  writeFileSync(SPEC_LISTS_SNAPSHOT, `{\n "routes": [\n${lines(lists.routes)}\n ],\n "calls": [\n${lines(lists.calls)}\n ]\n}\n`);
}
