import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One name per domain (issue 18, docs/decisions/0016-one-name-per-domain.md): the server's module
 * names are the domain names, and the console's modules, the contract's files and the locale files
 * use them too, so a newcomer searches one word. A name that is none of these must be a documented
 * part of a domain or a documented shared or console-only name; the decision file lists each one.
 */

type Place = 'console' | 'contract' | 'locale';

interface Allowed {
  places: readonly Place[];
  /** The server module a part belongs to (named `<domain>-<part>`); absent for shared and console-only names. */
  domain?: string;
  reason: string;
}

/** Names that are not a server module, each with where it may appear and why (mirrored in the decision file). */
const ALLOWED_NAMES: Record<string, Allowed> = {
  'booking-approval': { places: ['console', 'contract', 'locale'], domain: 'booking', reason: 'approvals: booking/booking-approval.* on the server, /meeting-approval in the console' },
  'booking-check-in': { places: ['contract'], domain: 'booking', reason: 'check-in, early end and book-now calls: booking/booking-checkin.* on the server' },
  'booking-series': { places: ['contract'], domain: 'booking', reason: 'repeating meetings: booking/booking-series.* on the server' },
  'booking-views': { places: ['contract'], domain: 'booking', reason: 'calendar reads and free-room search: booking/booking-views.* on the server' },
  'booking-recurrence': { places: ['contract'], reason: 'repeat rules and their expansion, read by booking-series and booking', domain: 'booking' },
  'broadcast-windows': { places: ['contract'], domain: 'broadcast', reason: "which notice a door display shows, without zod (the display's page loads no schema)" },
  'desk-access': { places: ['contract'], domain: 'desk', reason: 'who may book desks (the department switch), closure days and the owner\'s message: desk/desk-access.* on the server' },
  'desk-monitoring': { places: ['contract'], domain: 'desk', reason: 'desk occupancy, utilisation and no-shows with their exports: desk/desk-monitoring.* on the server' },
  'desk-sheet': { places: ['contract'], domain: 'desk', reason: "the desks' spreadsheet export and import (columns, words in both languages, the report): desk/desk-sheet.* on the server" },
  'frontend-log-redaction': { places: ['contract'], domain: 'frontend-log', reason: "the error reporter's limits and redaction, without zod (every page's first load runs the reporter)" },
  'operation-log-detail': { places: ['contract'], domain: 'operation-log', reason: "each operation-log action's detail fields" },
  'visitor-analysis': { places: ['contract'], domain: 'visitor', reason: 'the visitor analysis and the records export: visitor/visitor-analysis.* and visitor-export.ts on the server' },
  'visitor-badge': { places: ['contract'], domain: 'visitor', reason: "a visit's badge as PDF: visitor/visitor-badge.* on the server" },
  'visitor-devices': { places: ['contract'], domain: 'visitor', reason: "reception devices, places' sign-in windows and the kiosk's calls: visitor/visitor-devices.* on the server" },
  'visitor-paths': { places: ['contract'], domain: 'visitor', reason: "the visitors' public page addresses, without zod (the console's entry names them in its routes)" },
  auth: { places: ['console', 'locale'], reason: 'the sign-in pages (login, SSO sign-in, first password change, no access) call session/, sso/ and user/ on the server; the console keeps one word for signing in' },
  home: { places: ['console', 'locale'], reason: 'the landing page /index, a console composition with no server module of its own' },
  common: { places: ['locale'], reason: 'words every page uses (buttons, states)' },
  errors: { places: ['locale'], reason: "the return-code catalogue's console texts (contract returncodes.ts)" },
  shell: { places: ['locale'], reason: 'the console frame in app/ (menu, tabs, header, search)' },
  menu: { places: ['contract', 'locale'], reason: 'the menu catalogue of the specification, shared by every domain' },
  permissions: { places: ['contract', 'locale'], reason: 'areas x view/edit of the specification, shared by every domain' },
  zones: { places: ['locale'], reason: 'time-zone names for shared/time-zone/' },
  dictionary: { places: ['contract'], reason: 'the system dictionary (equipment, sign-in ways, capacity bands, notice times) read by several domains' },
  envelope: { places: ['contract'], reason: 'the answer envelope of every route' },
  glossary: { places: ['contract'], reason: "a test of docs/glossary.md's words over every domain" },
  index: { places: ['contract'], reason: "the package's entry point" },
  lang: { places: ['contract'], reason: 'the supported languages' },
  limits: { places: ['contract'], reason: 'field limits from the specification' },
  messages: { places: ['contract'], reason: 'every server message in both languages' },
  paging: { places: ['contract'], reason: 'the page query and page answer of every list' },
  password: { places: ['contract'], reason: 'the password rules, used by session, user, settings, registration and recovery' },
  'person-name': { places: ['contract'], reason: 'how a person is named and greeted, everywhere' },
  returncodes: { places: ['contract'], reason: 'the return-code catalogue' },
  'spreadsheet-safety': { places: ['contract'], reason: 'formula neutralising for every export' },
  'text-rules': { places: ['contract'], reason: 'the text rule of every field' },
  'zoned-time': { places: ['contract'], reason: 'zone arithmetic and formatting for every mail and page' },
};

// The repository root, four levels above this file (jsdom's URL cannot resolve file URLs, so paths).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const at = (...parts: string[]) => join(root, ...parts);
const folders = (path: string) => readdirSync(path, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const stems = (path: string, suffix: RegExp) =>
  readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isFile() && suffix.test(entry.name))
    .map((entry) => entry.name.replace(suffix, ''));

/** The four places, read from the file system. */
function readDomainNames() {
  const langs = folders(at('apps/web/src/locales'));
  return {
    server: folders(at('apps/server/src/modules')),
    console: folders(at('apps/web/src/modules')),
    contract: [...new Set(stems(at('packages/contract/src'), /(\.test)?\.ts$/))],
    locales: Object.fromEntries(langs.map((lang) => [lang, stems(at('apps/web/src/locales', lang), /\.json$/)])) as Record<string, string[]>,
  };
}

/** The names of one place that are neither a server module nor allowed there. */
function strayNames(names: readonly string[], place: Place, serverModules: readonly string[], allowed = ALLOWED_NAMES): string[] {
  return names.filter((name) => {
    if (serverModules.includes(name)) return false;
    const entry = allowed[name];
    return !entry || !entry.places.includes(place);
  });
}

describe('one name per domain', () => {
  const names = readDomainNames();

  it('reads every place', () => {
    expect(names.server).toContain('booking');
    expect(names.console).toContain('booking');
    expect(names.contract).toContain('booking');
    expect(Object.keys(names.locales).sort()).toEqual(['en-US', 'zh-CN']);
  });

  it('names every console module after a server module, or a documented part or console-only name', () => {
    expect(strayNames(names.console, 'console', names.server)).toEqual([]);
  });

  it('names every contract file after a server module, or a documented part or shared name', () => {
    expect(strayNames(names.contract, 'contract', names.server)).toEqual([]);
  });

  it.each(Object.keys(names.locales))('names every %s locale file after a server module, or a documented part or shared name', (lang) => {
    expect(strayNames(names.locales[lang]!, 'locale', names.server)).toEqual([]);
  });

  it('gives every console module a locale file of its own name in each language', () => {
    for (const [lang, files] of Object.entries(names.locales)) {
      expect({ lang, missing: names.console.filter((module) => !files.includes(module)) }).toEqual({ lang, missing: [] });
    }
  });

  it('keeps parts under their domain: named <domain>-<part> after a server module', () => {
    const parts = Object.entries(ALLOWED_NAMES).filter(([, entry]) => entry.domain !== undefined);
    expect(parts.length).toBeGreaterThan(0);
    for (const [name, entry] of parts) {
      expect({ name, isModule: names.server.includes(entry.domain!), isPrefixed: name.startsWith(`${entry.domain}-`) }).toEqual({ name, isModule: true, isPrefixed: true });
    }
  });

  it('allows no name that is unused or already a server module', () => {
    for (const [name, entry] of Object.entries(ALLOWED_NAMES)) {
      const used = entry.places.filter((place) =>
        place === 'console' ? names.console.includes(name) : place === 'contract' ? names.contract.includes(name) : Object.values(names.locales).every((files) => files.includes(name)),
      );
      expect({ name, used, isServerModule: names.server.includes(name) }).toEqual({ name, used: [...entry.places], isServerModule: false });
    }
  });

  it('lists every allowed name in docs/decisions/0016-one-name-per-domain.md', () => {
    const decision = at('docs/decisions/0016-one-name-per-domain.md');
    expect(existsSync(decision)).toBe(true);
    const text = readFileSync(decision, 'utf8');
    expect(Object.keys(ALLOWED_NAMES).filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
  });

  it('finds a stray name (the check can fail)', () => {
    expect(strayNames(['booking', 'reserve', 'auth', 'booking-approval'], 'console', ['booking'])).toEqual(['reserve']);
    expect(strayNames(['auth'], 'contract', ['booking'])).toEqual(['auth']);
  });
});
