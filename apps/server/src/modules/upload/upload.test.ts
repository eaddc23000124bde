import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, ReturnCode, type UploadResult } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { JPEG_BYTES, MULTIPART_HEADERS, multipartImage, PNG_BYTES } from '../../test/uploads.js';

describe(`upload (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let admin: string;
  let staff: string;
  let stranger: string;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin();
    const b = await t.factories.companyWithAdmin();
    companyId = a.company.id;
    admin = await t.factories.session(a.admin);
    staff = await t.factories.session(await t.factories.user(companyId, { permissions: ['accountGlobal:view'] }));
    stranger = await t.factories.session(b.admin);
  });
  afterAll(() => t.cleanup());

  const upload = async (token: string, options: Parameters<typeof multipartImage>[0] = {}) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { token, ...MULTIPART_HEADERS }, payload: multipartImage(options) });
    return { status: response.statusCode, body: response.json() as { returncode: number; message: string; result: UploadResult } };
  };

  it('stores a png under the data folder and serves it back to the same company only', async () => {
    const answer = await upload(admin);
    expect(answer.status).toBe(200);
    const { fileUrl, mimeType, size } = answer.body.result;
    expect(fileUrl).toMatch(new RegExp(`^/api/upload/files/${companyId}/[A-Za-z0-9_-]+\\.png$`));
    expect({ mimeType, size }).toEqual({ mimeType: 'image/png', size: PNG_BYTES.length });
    expect(existsSync(path.join(t.config.dataDir, 'uploads', String(companyId), path.basename(fileUrl)))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: fileUrl, headers: { token: staff } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);

    const foreign = await t.app.inject({ method: 'GET', url: fileUrl, headers: { token: stranger } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ returncode: ReturnCode.NOT_FOUND });
    expect((await t.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/upload/files/${companyId}/..%2F..%2Fatrium.db`, headers: { token: admin } });
    expect(unknown.statusCode).toBe(404);
  });

  it('names a jpeg .jpg whatever the client called it', async () => {
    const answer = await upload(admin, { content: JPEG_BYTES, fileName: 'photo.jpeg', contentType: 'image/jpeg', kind: 'avatar' });
    expect(answer.status).toBe(200);
    expect(answer.body.result.fileUrl).toMatch(/\.jpg$/);
    expect(answer.body.result.mimeType).toBe('image/jpeg');
  });

  it.each([
    ['a renamed executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'setup.png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 'logo.jpg'],
    ['plain text', Buffer.from('hello'), 'logo.png'],
  ])('refuses %s by its content with the accepted formats named', async (_label, content, fileName) => {
    const answer = await upload(admin, { content, fileName });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ returncode: ReturnCode.UNSUPPORTED_MEDIA_TYPE, message: 'Please upload png, jpeg, jpg format file' });
  });

  it('refuses a file over 2 MB with 413/1006 and the limit', async () => {
    const content = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES, 0)]);
    const answer = await upload(admin, { content });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ returncode: ReturnCode.PAYLOAD_TOO_LARGE, message: 'The file must not exceed 2 MB' });
  });

  it('accepts a file of exactly 2 MB', async () => {
    const content = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES - PNG_BYTES.length, 0)]);
    expect((await upload(admin, { content })).status).toBe(200);
  });

  it('lets only company administrators upload a logo; anyone an avatar', async () => {
    const logo = await upload(staff, { kind: 'logo' });
    expect(logo.status).toBe(403);
    expect(logo.body.returncode).toBe(ReturnCode.NO_PERMISSION);
    expect((await upload(staff, { kind: 'avatar' })).status).toBe(200);
    expect((await upload(staff, { kind: 'banner' })).status).toBe(400);
  });

  it('asks for a file when none is sent', async () => {
    const noFile = await upload(admin, { fileField: 'other' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Please choose a file to upload');
    const json = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { token: admin }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
  });
});
