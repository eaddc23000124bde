import { SMTPServer } from 'smtp-server';

/** A received message: envelope, headers (lower-cased names, unfolded) and the raw body after the headers. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  raw: string;
  body: string;
}

/**
 * An SMTP server on 127.0.0.1 at a random port, keeping what it receives. `rejectFor` makes it
 * refuse recipients for good (550), to test failures; `defer` refuses matching recipients for now
 * (451, a temporary refusal), until it is set back to null.
 */
export async function startSmtpServer(options: { rejectFor?: RegExp } = {}) {
  const received: ReceivedMail[] = [];
  let deferFor: RegExp | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectFor?.test(address.address)) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      if (deferFor?.test(address.address)) return callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
        const headers: Record<string, string> = {};
        for (const line of head.split('\r\n')) {
          const colon = line.indexOf(':');
          if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          headers,
          raw,
          body: raw.slice(split + 4),
        });
        callback();
      });
    },
  });
  // A client that dies mid-conversation (a server process killed in a journey) resets its connection: not
  // the mail server's failure. Anything else is thrown as before.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    process.nextTick(() => {
      throw error;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    defer(pattern: RegExp | null) {
      deferFor = pattern;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes an RFC 2047 header such as =?UTF-8?Q?...?= or =?UTF-8?B?...?=. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The decoded text/plain part of a received message (quoted-printable or base64). */
export function textPart(mail: ReceivedMail): string {
  return mailPart(mail, 'text/plain');
}

/** The leaf parts of a MIME body (nested multiparts opened), each as its head and content. */
function leafParts(head: string, body: string): Array<{ head: string; content: string }> {
  const boundary = /content-type:\s*multipart\/[^;]+;[^]*?boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (!boundary) return [{ head, content: body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => {
      const text = part.replace(/^\r\n/, '');
      const split = text.indexOf('\r\n\r\n');
      return leafParts(text.slice(0, split).replace(/\r\n[ \t]+/g, ' '), text.slice(split + 4));
    });
}

/**
 * The decoded first part of a received message with this content type (e.g. text/calendar),
 * looking inside nested multiparts; '' when absent.
 */
export function mailPart(mail: ReceivedMail, contentType: string): string {
  const head = Object.entries(mail.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n');
  const wanted = new RegExp(`content-type:\\s*${contentType.replace('/', '\\/')}`, 'i');
  const part = leafParts(head, mail.body).find((candidate) => wanted.test(candidate.head));
  if (!part) return '';
  const content = part.content.replace(/\r\n$/, '');
  if (/content-transfer-encoding:\s*base64/i.test(part.head)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(part.head)) {
    const bytes = content.replace(/=\r\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return content;
}
