import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type BadgeStockName, type Lang } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import { findBadgeFonts, HELVETICA_FONTS, renderBadge, type BadgeFacts } from './visitor-badge.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Each stock's page in millimetres, width x height, as the label comes out of the printer. */
const STOCK_MM: Record<BadgeStockName, [number, number]> = { ql62x100: [100, 62], dymo54x25: [54, 25], a6: [105, 148] };
const points = (mm: number) => (mm * 72) / 25.4;

// ---- Reading a PDF with poppler (pdftotext, pdfinfo), as a person would see it ----

const scratch = mkdtempSync(path.join(tmpdir(), 'atrium-badge-'));
let files = 0;
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
function onDisk(pdf: Buffer): string {
  const file = path.join(scratch, `${++files}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const pdftotext = (pdf: Buffer, ...args: string[]) => execFileSync('pdftotext', [...args, onDisk(pdf), '-'], { encoding: 'utf8' });
/** The text in reading order, one space between words. */
const textOf = (pdf: Buffer) => pdftotext(pdf).replace(/\s+/g, ' ').trim();
/** Pages and page size in points, rounded. */
function infoOf(pdf: Buffer): { pages: number; size: [number, number] } {
  const info = execFileSync('pdfinfo', [onDisk(pdf)], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), size: [Math.round(Number(size[1])), Math.round(Number(size[2]))] };
}
/** Every word with its box in points from the page's top-left corner (`pdftotext -bbox`). */
function wordsOf(pdf: Buffer): Array<{ text: string; xMin: number; yMin: number; xMax: number; yMax: number }> {
  const html = pdftotext(pdf, '-bbox');
  return [...html.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((m) => ({
    text: m[5]!,
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
  }));
}

describe(`visitor badges as PDF (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;
  let receptionToken: string;
  let hostToken: string;
  let vera: number;
  let wang: number;
  let foreignVisit: number;
  /** The visit's time in Shanghai, the place's clock (UTC would show 09:30). */
  const when = '2026-11-24 17:30 – 19:30';

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Badge Co');
    adminToken = await t.factories.session(a.admin);
    // Reception prints badges with visitor display view alone; a host with the records area may not.
    receptionToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['visitorDisplay:view'] }));
    const host = await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Hana', lastName: 'Host' });
    hostToken = await t.factories.session(host);
    const building = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Quay Works', timeZone: 'Asia/Shanghai' });
    const lobby = await t.factories.location({ companyId: a.company.id, parentId: building, level: LOCATION_LEVEL.floor, name: 'Lobby' });
    const invite = async (token: string, body: Record<string, unknown>) => {
      const answer = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/invite', headers: { token }, payload: body });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    const reasonId = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: adminToken }, payload: { name: 'Meeting' } })).body.result.id;
    // 2026-11-24 09:30 UTC: 17:30 in Shanghai.
    const visitAt = t.clock.now() + DAY + HOUR / 2;
    const visit = { reasonId, hostId: host.id, locationId: lobby, visitAt, expectedEndAt: visitAt + 2 * HOUR };
    vera = await invite(hostToken, { ...visit, visitor: { name: 'Vera Visitor', email: 'vera@guest.test', company: 'Guest Ltd', isVip: true } });
    wang = await invite(hostToken, { ...visit, visitor: { name: '王小明', phone: '+86 21 5555 0100', company: '远景科技' } });

    const b = await t.factories.companyWithAdmin('Other Badge Co');
    const bToken = await t.factories.session(b.admin);
    const bPlace = await t.factories.location({ companyId: b.company.id, level: LOCATION_LEVEL.building, name: 'Bravo Tower', timeZone: 'Asia/Shanghai' });
    const bReason = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: bToken }, payload: { name: 'Audit' } })).body.result.id;
    foreignVisit = await invite(bToken, { reasonId: bReason, hostId: b.admin.id, locationId: bPlace, visitAt, expectedEndAt: visitAt + HOUR, visitor: { name: 'Bruno Bravo', email: 'bruno@bravo.test' } });
  });
  afterAll(() => t.cleanup());

  const badge = (query: string, token = receptionToken, lang: Lang = 'en-US') => t.app.inject({ method: 'GET', url: `/api/visitor/badge?${query}`, headers: { token, lang } });
  const pdfOf = async (query: string, lang: Lang = 'en-US') => {
    const response = await badge(query, receptionToken, lang);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response.rawPayload;
  };

  it('prints one page of each stock at its size, inline and not cached, with the name, company, host, the time on the place\'s clock and VIP', async () => {
    for (const stock of Object.keys(STOCK_MM) as BadgeStockName[]) {
      const response = await badge(`id=${vera}&stock=${stock}`);
      expect(response.statusCode, stock).toBe(200);
      expect([response.headers['content-type'], response.headers['content-disposition'], response.headers['cache-control']], stock).toEqual([
        'application/pdf',
        `inline; filename="badge-${vera}.pdf"`,
        'no-store',
      ]);
      const [width, height] = STOCK_MM[stock];
      expect(infoOf(response.rawPayload), stock).toEqual({ pages: 1, size: [Math.round(points(width)), Math.round(points(height))] });
      const text = textOf(response.rawPayload);
      for (const part of ['Vera Visitor', 'Guest Ltd', 'Host: Hana Host', when, 'VIP']) expect(text, stock).toContain(part);
    }
    // Without a stock: the Brother QL's 62x100 mm label, landscape.
    expect(infoOf(await pdfOf(`id=${vera}`)).size).toEqual([283, 176]);
  }, 30_000);

  it('prints a Chinese name with Chinese labels, and no VIP mark for a visitor who is not one', async () => {
    const zh = textOf(await pdfOf(`id=${wang}&stock=dymo54x25`, 'zh-CN'));
    for (const part of ['王小明', '远景科技', '被访人：Hana Host', when]) expect(zh).toContain(part);
    expect(zh).not.toContain('VIP');
    expect(zh).not.toContain('Host:');
    expect(textOf(await pdfOf(`id=${wang}`))).toContain('Host: Hana Host');
  });

  it("moves everything printed by the printer's offset", async () => {
    const nameAt = async (query: string) => wordsOf(await pdfOf(`id=${vera}&stock=ql62x100${query}`)).find((word) => word.text === 'Vera')!;
    const origin = await nameAt('');
    const moved = await nameAt('&offsetX=5&offsetY=-3.5');
    expect(moved.xMin - origin.xMin).toBeCloseTo(points(5), 1);
    expect(moved.yMin - origin.yMin).toBeCloseTo(points(-3.5), 1);
    const code = await nameAt('&offsetX=-10&offsetY=10');
    expect(code.xMin - origin.xMin).toBeCloseTo(points(-10), 1);
  });

  it("answers 404 for another company's or an unknown visit, 403 without visitor display, 400 for a bad stock or offset, 422 for a cancelled visit", async () => {
    for (const id of [foreignVisit, 999_999]) {
      const answer = await call(t.app, { method: 'GET', url: `/api/visitor/badge?id=${id}`, headers: { token: receptionToken } });
      expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([404, ReturnCode.NOT_FOUND, formatMessage('visitNotFound', 'en-US')]);
    }
    // The visit's host may read it in the records, but badges are reception's.
    const host = await call(t.app, { method: 'GET', url: `/api/visitor/badge?id=${vera}`, headers: { token: hostToken } });
    expect([host.status, host.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    expect((await call(t.app, { method: 'GET', url: `/api/visitor/badge?id=${vera}` })).status).toBe(401);
    for (const query of ['stock=zebra', 'offsetX=10.5', 'offsetY=-11', 'offsetX=left']) {
      const answer = await call(t.app, { method: 'GET', url: `/api/visitor/badge?id=${vera}&${query}`, headers: { token: receptionToken } });
      expect([answer.status, answer.body.returncode], query).toEqual([400, ReturnCode.BAD_REQUEST]);
    }
    expect((await call(t.app, { method: 'POST', url: '/api/visitor/cancel', headers: { token: adminToken }, payload: { id: wang } })).status).toBe(200);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const answer = await call(t.app, { method: 'GET', url: `/api/visitor/badge?id=${wang}`, headers: { token: receptionToken, lang } });
      expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('visitBadgeCancelled', lang)]);
    }
  });
});

describe('the badge renderer', () => {
  let facts: BadgeFacts;
  beforeAll(async () => {
    const qrPng = await QRCode.toBuffer('https://atrium.test/visit#1.2.3.mac', { type: 'png', width: 320, margin: 2 });
    facts = { visitorName: 'Vera Visitor', visitorCompany: 'Guest Ltd', hostName: 'Hana Host', when: '2026-11-24 17:30 – 19:30', isVip: false, qrPng, lang: 'zh-CN' };
  });

  it('shrinks a long name to two lines inside its box, and cuts one that cannot fit rather than overflow', async () => {
    const long = 'Maximilian Alexander von Hohenzollern-Sigmaringen the Third';
    for (const stock of Object.keys(STOCK_MM) as BadgeStockName[]) {
      const pdf = await renderBadge({ ...facts, visitorName: long }, { stock, offsetMm: { x: 0, y: 0 } });
      const [width, height] = STOCK_MM[stock].map(points) as [number, number];
      const words = wordsOf(pdf);
      expect(infoOf(pdf).pages, stock).toBe(1);
      for (const word of words) expect([word.text, word.xMin >= 0 && word.yMin >= 0 && word.xMax <= width && word.yMax <= height], stock).toEqual([word.text, true]);
      // The name's words all lie above the company's line.
      const company = words.find((word) => word.text === 'Guest')!;
      expect(words.filter((word) => long.split(' ').includes(word.text.replace('…', ''))).every((word) => word.yMax <= company.yMin + 0.5), stock).toBe(true);
    }
    // 64 letters without a space on the smallest label: cut with an ellipsis, still on two lines.
    const pdf = await renderBadge({ ...facts, visitorName: 'W'.repeat(64) }, { stock: 'dymo54x25', offsetMm: { x: 0, y: 0 } });
    const name = wordsOf(pdf).filter((word) => word.text.startsWith('W'));
    expect(name.length).toBeLessThanOrEqual(2);
    expect(name.at(-1)!.text.endsWith('…')).toBe(true);
  });

  it('falls back to Helvetica without the CJK font: Latin text, English labels', async () => {
    expect(findBadgeFonts(() => false)).toBe(HELVETICA_FONTS);
    expect(findBadgeFonts(() => true).hasCjk).toBe(true);
    const text = textOf(await renderBadge(facts, { stock: 'a6', offsetMm: { x: 0, y: 0 } }, HELVETICA_FONTS));
    expect(text).toContain('Vera Visitor');
    expect(text).toContain('Host: Hana Host');
  });
});
