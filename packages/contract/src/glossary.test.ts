import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';

/**
 * One Chinese term per concept (issue 17): docs/glossary.md names, for each concept, the terms not
 * to use; no Chinese text the product shows may contain one. The glossary is the one source: this
 * test reads its table.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Row {
  concept: string;
  term: string;
  forbidden: string[];
}

/** The glossary's concept table and the proper names that may contain a forbidden term. */
function glossary(): { rows: Row[]; properNames: string[] } {
  const text = read('docs/glossary.md');
  const cells = (line: string) => line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim());
  const table = (heading: string) => {
    const lines = text.split('\n');
    const start = lines.findIndex((line) => line.startsWith(`| ${heading} |`));
    const out: string[][] = [];
    for (const line of lines.slice(start + 2)) {
      if (!line.startsWith('|')) break;
      out.push(cells(line));
    }
    return out;
  };
  const rows = table('Concept').map(([concept, , term, forbidden]) => ({
    concept: concept!,
    term: term!,
    forbidden: forbidden === '—' ? [] : forbidden!.split(',').map((word) => word.trim()).filter(Boolean),
  }));
  return { rows, properNames: table('Name').map(([name]) => name!.split(' ')[0]!) };
}

/** Every file under a folder whose name passes the filter. */
function filesUnder(folder: string, keep: (path: string) => boolean): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'node_modules' || name === 'migrations' || name === 'test' ? [] : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

const isSource = (path: string) => /\.(ts|tsx)$/.test(path) && !/\.(test|e2e)\.tsx?$/.test(path);

/** Each Chinese text the product shows, with where it comes from. */
function chineseTexts(): Array<{ where: string; text: string }> {
  const locales = filesUnder('apps/web/src/locales/zh-CN', (path) => path.endsWith('.json')).map((path) => ({ where: path, text: read(path) }));
  const messages = Object.entries(MESSAGES).map(([key, texts]) => ({ where: `messages.ts ${key}`, text: texts['zh-CN'] }));
  // Contract labels (the report's export headings and values, the dictionary), server mails and texts, console code.
  const sources = [...filesUnder('packages/contract/src', isSource), ...filesUnder('apps/server/src', isSource), ...filesUnder('apps/web/src', isSource)].map((path) => ({
    where: relative(ROOT, join(ROOT, path)),
    text: read(path),
  }));
  return [...locales, ...messages, ...sources];
}

describe('the glossary', () => {
  const { rows, properNames } = glossary();

  it('is a table of concepts, each with one Chinese term that is not also forbidden', () => {
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(row.term, row.concept).toMatch(/[\u4e00-\u9fff]/);
      expect(row.forbidden.filter((word) => row.term.includes(word)), row.concept).toEqual([]);
    }
    expect(rows.find((row) => row.concept.includes('door'))?.term).toBe('门口屏');
  });

  it('is followed by every Chinese text: locale files, messages, reports, mails', () => {
    const texts = chineseTexts();
    expect(texts.some((entry) => entry.where.endsWith('zh-CN/menu.json'))).toBe(true);
    expect(texts.some((entry) => entry.where.endsWith('booking-approval.mail.ts'))).toBe(true);
    const found: string[] = [];
    for (const { where, text } of texts) {
      const cleaned = properNames.reduce((out, name) => out.split(name).join(''), text);
      for (const row of rows) {
        for (const word of row.forbidden) {
          if (cleaned.includes(word)) found.push(`${where}: "${word}" (say "${row.term}": ${row.concept})`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
