import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER, formatMessage, isAcceptableText, ReturnCode, type ImportReport, type Lang, type Reservation } from '@atrium/contract';
import { call, createTestApp, type Answer, type TestApp } from '../test/app.js';
import { TEST_DIALECT } from '../test/database.js';
import { createCachingHasher, type TestUser } from '../test/factories.js';
import { createOperatorRepository } from '../modules/operator/operator.repository.js';
import { ensureOperator } from '../modules/operator/operator.service.js';
import { createTestRoom } from '../test/rooms.js';
import { snapshotData } from '../test/snapshot.js';
import { createThemeFactories } from '../test/theme-factories.js';
import { MULTIPART_HEADERS, multipartForm as form } from '../test/uploads.js';

/**
 * Issue 16, finding 2: a NUL (or another control character, or a lone surrogate) in any text answered
 * 500 on PostgreSQL and was stored as sent on SQLite. Every request part is now checked before any
 * query: 400/1001 naming the field, nothing written, on both engines.
 */

const HOUR = 3_600_000;
/** The characters the rule refuses, one of each kind: NUL, another C0 control, DEL, C1, lone surrogates. */
const REFUSED_CHARACTERS = ['\u0000', '\u001B', '\u007F', '\u0085', '\uD800', '\uDC00'];

/** One JSON Schema node of the OpenAPI document, as far as the walk reads it. */
interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  minItems?: number;
  $ref?: string;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; schema: SchemaNode }>;
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, SchemaNode> };
}

const POISON = 'probe\u0000text';

const isSurrogate = (text: string) => /[\uD800-\uDFFF]/.test(text);

/**
 * A value for a schema with a NUL in every string it holds (enums and constants keep their value,
 * numbers are 1), so each route gets an otherwise plausible request whose text is poisoned.
 */
function poisoned(schema: SchemaNode | undefined, doc: OpenApiDocument, depth = 0): unknown {
  if (!schema || depth > 8) return POISON;
  if (schema.$ref) return poisoned(doc.components?.schemas?.[schema.$ref.split('/').pop()!], doc, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches) {
    const usable = branches.filter((branch) => branch.type !== 'null');
    return poisoned(usable.find((branch) => typeOf(branch) === 'string') ?? usable[0], doc, depth + 1);
  }
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, poisoned(property, doc, depth + 1)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => poisoned(schema.items, doc, depth + 1));
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return POISON;
  }
}

const typeOf = (schema: SchemaNode) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/** Whether a value, sent as JSON, carries a NUL somewhere. */
const holdsPoison = (value: unknown) => (JSON.stringify(value) ?? '').includes('\\u0000');

describe(`text fields keep the text rule (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let admin: TestUser;
  let adminToken: string;
  let roomId: number;
  let base: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Hygiene Co');
    companyId = a.company.id;
    admin = a.admin;
    await t.factories.role(companyId, [], { name: 'Staff', isDefault: true });
    adminToken = await t.factories.session(admin);
    roomId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Clean room' })).roomId;
    base = t.clock.now() + 24 * HOUR;
  });
  afterAll(() => t.cleanup());

  function expectTextRefusal(answer: Answer, field: string, lang: Lang = 'en-US') {
    const message = formatMessage('textNotAllowed', lang, { field });
    expect([answer.status, answer.body.returncode, answer.body.message], JSON.stringify(answer.body)).toEqual([400, ReturnCode.BAD_REQUEST, message]);
    expect(answer.body.result).toEqual({ issues: [{ path: field, message }] });
  }

  const asAdmin = (options: InjectOptions) => call(t.app, { ...options, headers: { token: adminToken, ...options.headers } });

  it('refuses the reported fields with 400/1001 naming the field, in both languages, and writes nothing', async () => {
    const before = await snapshotData(t);
    for (const bad of REFUSED_CHARACTERS) {
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const login = await call(t.app, { method: 'POST', url: '/api/login', headers: { lang }, payload: { userName: `${admin.userName}${bad}`, password: admin.password } });
        expectTextRefusal(login, 'userName', lang);
        // A URL carries UTF-8, which cannot encode a lone surrogate: the query gets the controls only.
        if (!isSurrogate(bad)) {
          const reset = await call(t.app, { method: 'GET', url: `/api/user/sendResetPasswordEmail?email=${encodeURIComponent(`${bad}${admin.email}`)}`, headers: { lang } });
          expectTextRefusal(reset, 'email', lang);
        }
        const user = await asAdmin({ method: 'POST', url: '/api/user', headers: { lang }, payload: { userName: 'fresh.user', email: 'fresh.user@hygiene.test', firstName: `Ada${bad}`, lastName: 'Lovelace' } });
        expectTextRefusal(user, 'firstName', lang);
        const roomType = await asAdmin({ method: 'POST', url: '/api/roomType/add', headers: { lang }, payload: { name: `Huddle${bad}`, typeCode: 'HUD' } });
        expectTextRefusal(roomType, 'name', lang);
        const booking = await asAdmin({ method: 'POST', url: '/api/meeting/reservation', headers: { lang }, payload: { roomId, title: `Plan${bad}ning`, startAt: base, endAt: base + HOUR } });
        expectTextRefusal(booking, 'title', lang);
        const remarks = await asAdmin({ method: 'POST', url: '/api/meeting/reservation', headers: { lang }, payload: { roomId, title: 'Planning', startAt: base, endAt: base + HOUR, remarks: `Bring\n${bad}` } });
        expectTextRefusal(remarks, 'remarks', lang);
      }
    }
    expect(await snapshotData(t)).toEqual(before);
  });

  it('walks a body nested a hundred thousand levels deep and answers 400, naming a shortened path', async () => {
    const depth = 100_000;
    const payload = `{"userName":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)},"password":"x"}`;
    const answer = await call(t.app, { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload });
    expect([answer.status, answer.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    const [issue] = (answer.body.result as { issues: Array<{ path: string }> }).issues;
    expect(issue!.path.startsWith('userName.0.0.')).toBe(true);
    expect(issue!.path.length).toBeLessThanOrEqual(200);
    // Without a NUL the same depth is an ordinary schema refusal.
    const clean = await call(t.app, { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: payload.replace('\\u0000', '') });
    expect([clean.status, clean.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
  });

  it('keeps tab and line breaks in a multi-line field', async () => {
    const remarks = 'Agenda:\n\t1. Budget\r\n\t2. Plan';
    const answer = await asAdmin({ method: 'POST', url: '/api/meeting/reservation', payload: { roomId, title: 'Tabs\tand lines', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR, remarks } });
    expect(answer.status, answer.body.message).toBe(200);
    const { id } = (answer.body.result as { reservation: Reservation }).reservation;
    const read = await asAdmin({ method: 'GET', url: `/api/meeting/reservation?id=${id}` });
    expect(read.status).toBe(200);
    expect((read.body.result as Reservation).remarks).toBe(remarks);
    expect((read.body.result as Reservation).title).toBe('Tabs\tand lines');
  });

  it('refuses a NUL in a path parameter or a query, and a key of a body', async () => {
    expectTextRefusal(await asAdmin({ method: 'GET', url: `/api/upload/files/${companyId}/a%00b.png` }), 'name');
    expectTextRefusal(await asAdmin({ method: 'GET', url: '/api/meeting/colleagues?keyword=a%00b' }), 'keyword');
    expectTextRefusal(await asAdmin({ method: 'PUT', url: '/api/user/profile', payload: { firstName: 'Ada', lastName: 'L', 'x\u0000': 1 } }), 'x\u0000');
  });

  it('answers every route of the table carrying a NUL in its body, query or path with 400/1001, never a 500, and writes nothing', async () => {
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const routes = t.app.routeTable.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD');
    // Device routes check their device token first: the probe carries a live one of the route's kind.
    const devices = createThemeFactories(t.db, t.factories, () => t.clock.now());
    const display = await devices.display(companyId);
    const kiosk = await devices.kiosk(companyId);
    const smart = await devices.smartDevice(companyId);
    const tokenOf = { doorDisplay: display.token, visitorKiosk: kiosk, smartDevice: smart.token };
    // The boss area's routes take an operator session.
    const operator = { userName: 'text.guard.operator', password: 'Runs-The-Place-2026' };
    await ensureOperator({ operators: createOperatorRepository(t.db.kysely), hasher: createCachingHasher(), clock: t.clock }, operator);
    const operatorToken = (await call<{ token: string }>(t.app, { method: 'POST', url: '/api/boss/login', payload: operator })).body.result.token;
    const before = await snapshotData(t);
    let probed = 0;
    for (const route of routes) {
      const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is in the OpenAPI document`).toBeDefined();
      const parameters = operation?.parameters ?? [];
      const jsonBody = operation?.requestBody?.content?.['application/json']?.schema;
      let url = route.url;
      for (const parameter of parameters.filter((p) => p.in === 'path')) {
        const value = poisoned(parameter.schema, doc);
        url = url.replace(`:${parameter.name}`, encodeURIComponent(String(value)));
      }
      const query = new URLSearchParams();
      for (const parameter of parameters.filter((p) => p.in === 'query')) {
        const value = poisoned(parameter.schema, doc);
        // Arrays repeat the name; an object (a JSON query value such as a repeat rule) goes as JSON.
        for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
      let body = jsonBody ? poisoned(jsonBody, doc) : undefined;
      // A request without any text field still gets a NUL: in its body's first field, else its query's.
      if (!holdsPoison(body) && !query.toString().includes('%00') && !url.includes('%00')) {
        const [first] = body && typeof body === 'object' ? Object.keys(body) : [];
        if (first) body = { ...(body as object), [first]: POISON };
        else if (query.size) query.set([...query.keys()][0]!, POISON);
        else continue;
      }
      const label = `${route.method} ${url}`;
      const answer = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: query.size ? `${url}?${query}` : url,
        headers: { token: route.access === 'operator' ? operatorToken : adminToken, [DEVICE_TOKEN_HEADER]: tokenOf[route.deviceKind ?? 'doorDisplay'] },
        ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
      });
      expect(answer.statusCode, `${label} ${answer.body.slice(0, 300)}`).toBe(400);
      const envelope = answer.json<{ returncode: number; result: { issues: Array<{ path: string; message: string }> } }>();
      expect(envelope.returncode, label).toBe(ReturnCode.BAD_REQUEST);
      expect(envelope.result.issues, label).toHaveLength(1);
      expect(envelope.result.issues[0]!.message, label).toBe(formatMessage('textNotAllowed', 'en-US', { field: envelope.result.issues[0]!.path }));
      probed++;
    }
    expect(probed).toBeGreaterThan(150);
    expect(await snapshotData(t)).toEqual(before);
  });

  it('refuses a NUL in a multipart text field, field name or file name of every upload, writing nothing', async () => {
    const uploads: Array<{ url: string; fields: Record<string, string> }> = [
      { url: '/api/upload', fields: { kind: 'image' } },
      { url: '/api/deviceTheme/uploadThemeImage', fields: { imageType: '0' } },
      { url: '/api/broadcast/image-upload', fields: {} },
    ];
    for (const { url, fields } of uploads) {
      const send = (payload: Buffer) => asAdmin({ method: 'POST', url, headers: { ...MULTIPART_HEADERS }, payload });
      const before = await snapshotData(t);
      const [fieldName] = Object.keys(fields);
      if (fieldName) {
        expectTextRefusal(await send(form({ [fieldName]: `0\u0000` }, { name: 'logo.png' })), fieldName);
      }
      expectTextRefusal(await send(form({ ...fields, 'note\u0000': 'x' }, { name: 'logo.png' })), 'note\u0000');
      expectTextRefusal(await send(form(fields, { name: 'lo\u0000go.png' })), 'file');
      expectTextRefusal(await send(form(fields, { name: 'lo\u0085go.png' })), 'file');
      expect(await snapshotData(t), url).toEqual(before);
      // The same upload without the NUL is taken, so the refusals above were the rule's.
      expect((await send(form(fields, { name: 'logo.png' }))).status, url).toBe(200);
    }
  });

  it('shortens a long file name without splitting a character in two', async () => {
    const name = `${'a'.repeat(253)}\u{1F600}.png`;
    const answer = await asAdmin({ method: 'POST', url: '/api/upload', headers: MULTIPART_HEADERS, payload: form({ kind: 'image' }, { name }) });
    expect(answer.status, answer.body.message).toBe(200);
    const { fileName } = answer.body.result as { fileName: string };
    expect(fileName).toBe('a'.repeat(253));
    expect(isAcceptableText(fileName)).toBe(true);
  });

  it('refuses a spreadsheet row holding a control character in that row, and still imports the clean rows', async () => {
    const importFile = (lang: Lang, name: string, content: Buffer) =>
      asAdmin({ method: 'POST', url: '/api/user/import', headers: { lang, ...MULTIPART_HEADERS }, payload: form({}, { name, content }) });
    const csv = ['userName,email,firstName,lastName', 'clean.row,clean.row@hygiene.test,Clean,Row', 'esc.row,esc.row@hygiene.test,Es\u001Bc,Row', 'c1.row,c1.row@hygiene.test,C1,Ro\u0085w'].join('\n');
    // The legacy workbook fixture with a NUL inside the last name of its xls.three row (same length, so the file stays whole).
    const xls = Buffer.from(readFileSync(new URL('../test/fixtures/xls/import.xls', import.meta.url)));
    const at = xls.indexOf('Three');
    expect(at).toBeGreaterThan(0);
    xls.write('Th\u0000ee', at, 'latin1');
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const fromCsv = await importFile(lang, 'people.csv', Buffer.from(csv));
      expect(fromCsv.status, fromCsv.body.message).toBe(200);
      const csvReport = fromCsv.body.result as ImportReport;
      if (lang === 'en-US') expect(csvReport.accepted.map((row) => row.userName)).toEqual(['clean.row']);
      expect(csvReport.refused.filter((row) => row.userName !== 'clean.row').map((row) => [row.row, row.reasons])).toEqual([
        [3, [formatMessage('textNotAllowed', lang, { field: 'firstName' })]],
        [4, [formatMessage('textNotAllowed', lang, { field: 'lastName' })]],
      ]);
      const fromXls = await importFile(lang, 'people.xls', xls);
      expect(fromXls.status, fromXls.body.message).toBe(200);
      const xlsRefusal = (fromXls.body.result as ImportReport).refused.find((row) => row.userName === 'xls.three');
      expect(xlsRefusal?.reasons).toEqual([formatMessage('textNotAllowed', lang, { field: 'lastName' })]);
    }
    const stored = await t.db.kysely.selectFrom('users').select('user_name').where('company_id', '=', companyId).where('user_name', 'in', ['esc.row', 'c1.row', 'xls.three']).execute();
    expect(stored).toEqual([]);
    // A file name that breaks the rule is refused before the file is read.
    expectTextRefusal(await importFile('en-US', 'peo\u0000ple.csv', Buffer.from(csv)), 'file');
  });

  it('reads the lang and token headers and the cookies holding odd characters without failing', async () => {
    for (const headers of [{ lang: 'zh-CN\u0085' }, { token: `${'x'.repeat(10)}\u0085` }, { cookie: 'atrium_token=%00; atrium_lang=%00' }, { cookie: 'atrium_token=%ED%A0%80' }]) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/user/getCurrentUserInfo', headers });
      expect([401, 200], JSON.stringify(headers)).toContain(answer.statusCode);
    }
  });
});
