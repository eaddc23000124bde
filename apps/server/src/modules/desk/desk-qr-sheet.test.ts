import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReturnCode } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

// Read as a person would, with poppler: the text, the pages, the pictures.
const scratch = mkdtempSync(path.join(tmpdir(), 'atrium-qr-sheet-'));
let files = 0;
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
function onDisk(pdf: Buffer): string {
  const file = path.join(scratch, `${++files}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const textOf = (pdf: Buffer) => execFileSync('pdftotext', [onDisk(pdf), '-'], { encoding: 'utf8' });
const pagesOf = (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [onDisk(pdf)], { encoding: 'utf8' }))![1]);
/** The pictures drawn: pdfimages' lines (after its two header lines) of type `image` (a transparency mask is a line of its own). */
const imagesOf = (pdf: Buffer) =>
  execFileSync('pdfimages', ['-list', onDisk(pdf)], { encoding: 'utf8' }).trim().split('\n').slice(2).filter((line) => line.trim().split(/\s+/)[2] === 'image').length;

describe(`a floor's desk QR codes on A4 (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;
  let viewerToken: string;
  let floorId: number;
  let emptyFloorId: number;
  let otherFloorId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Sheet Co');
    adminToken = await t.factories.session(a.admin);
    viewerToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['roomsLocations:view'] }));
    const room = await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Huddle', timeZone: 'Europe/London' });
    floorId = room.floorId;
    emptyFloorId = await t.factories.location({ companyId: a.company.id, parentId: room.buildingId, level: LOCATION_LEVEL.floor, name: 'Floor 9' });
    for (let n = 1; n <= 14; n++) {
      const saved = await call(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number: `Q-${String(n).padStart(2, '0')}`, mode: 'bookable' } });
      expect(saved.status, saved.body.message).toBe(200);
    }
    const b = await t.factories.companyWithAdmin('Other Co');
    otherFloorId = (await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Theirs', timeZone: 'Europe/London' })).floorId;
  });
  afterAll(() => t.cleanup());

  const sheet = (floor: number, token = viewerToken, lang = 'en-US') => t.app.inject({ method: 'GET', url: `/api/desk/qr-sheet?floorId=${floor}`, headers: { token, lang } });

  it('prints every desk of the floor once, its QR code with its number, twelve to an A4 page', async () => {
    const answer = await sheet(floorId);
    expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="desks-${floorId}-qr.pdf"`);
    const pdf = answer.rawPayload;
    expect(pagesOf(pdf)).toBe(2);
    expect(imagesOf(pdf)).toBe(14);
    const text = textOf(pdf);
    for (let n = 1; n <= 14; n++) expect(text.match(new RegExp(`Q-${String(n).padStart(2, '0')}\\b`, 'g')), `desk ${n}`).toHaveLength(1);
    expect(text).toContain('Desk check-in codes');
    expect(text).toContain('Scan to check in');
  });

  it('labels the sheet in the reader\'s language, and says so when the floor has no desks', async () => {
    expect(textOf((await sheet(floorId, viewerToken, 'zh-CN')).rawPayload)).toContain('扫码签到');
    const empty = (await sheet(emptyFloorId)).rawPayload;
    expect([pagesOf(empty), imagesOf(empty)]).toEqual([1, 0]);
    expect(textOf(empty)).toContain('This floor has no desks.');
  });

  it("answers 404 for another company's floor", async () => {
    const foreign = await sheet(otherFloorId, adminToken);
    expect([foreign.statusCode, foreign.json().returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
  });
});
