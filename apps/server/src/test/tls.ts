import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificates {
  /** PEM of the private authority that signed the server's certificate. */
  caCertificate: string;
  /** The server's certificate (for 127.0.0.1 and localhost) and key, PEM. */
  serverCertificate: string;
  serverKey: string;
}

/**
 * A private certificate authority and a server certificate it signed, made with the openssl command
 * line as an administrator would make them for an in-house directory server.
 */
export function createTestCertificates(name = 'Atrium Test CA'): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-tls-'));
  const file = (base: string) => path.join(dir, base);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${name}`, '-keyout', file('ca.key'), '-out', file('ca.pem'));
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', file('server.key'), '-out', file('server.csr'));
    writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
    openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', file('server.ext'), '-out', file('server.pem'));
    return {
      caCertificate: readFileSync(file('ca.pem'), 'utf8').trim(),
      serverCertificate: readFileSync(file('server.pem'), 'utf8'),
      serverKey: readFileSync(file('server.key'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
