import zlib from 'node:zlib';

/** A 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A 2x2 JPEG that decodes (stored images are decoded and re-encoded, platform/images.ts). */
export const JPEG_BYTES = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAJOH/9k=',
  'base64',
);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid black-and-white PNG of the given size whose file stays small however many pixels it
 * claims (a decompression bomb): one bit per pixel, every row alike, deflated as a stream.
 */
export async function onePixelColourPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter "none", all black
  const rowsPerWrite = 500;
  const block = Buffer.concat(Array.from({ length: rowsPerWrite }, () => row));
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y += rowsPerWrite) deflate.write(y + rowsPerWrite <= height ? block : block.subarray(0, row.length * (height - y)));
  deflate.end();
  await ended;
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The last 12 bytes of every PNG: the empty IEND chunk. */
export const PNG_IEND = pngChunk('IEND', Buffer.alloc(0));

export const MULTIPART_BOUNDARY = 'X';

/** A multipart body with `kind` first, then the file (boundary `X`). */
export function multipartImage(options: { kind?: string; content?: Buffer; fileName?: string; contentType?: string; fileField?: string } = {}): Buffer {
  const { kind = 'logo', content = PNG_BYTES, fileName = 'logo.png', contentType = 'image/png', fileField = 'file' } = options;
  return Buffer.concat([
    Buffer.from(`--X\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--X\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from('\r\n--X--\r\n'),
  ]);
}

export const MULTIPART_HEADERS = { 'content-type': 'multipart/form-data; boundary=X' };

/** A multipart form (boundary `X`): text fields in order, then one file part named `file`. */
export function multipartForm(fields: Record<string, string>, file: { name: string; content?: Buffer; contentType?: string }): Buffer {
  return Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--X\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--X\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`),
    file.content ?? PNG_BYTES,
    Buffer.from('\r\n--X--\r\n'),
  ]);
}
