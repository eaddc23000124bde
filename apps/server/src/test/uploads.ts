/** A 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The start of a JPEG (JFIF header); enough for content detection. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64, 0),
  Buffer.from([0xff, 0xd9]),
]);

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
