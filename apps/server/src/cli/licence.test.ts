import { describe, expect, it } from 'vitest';
import { LICENSED_MODULES } from '@atrium/contract';
import { readLicencePayload } from '../platform/licence-token.js';
import { runLicenceCli, USAGE, type LicenceCliIo } from './licence.js';

const NOW = Date.UTC(2026, 10, 30, 12);

/** The CLI on an in-memory disk; `out` and `err` collect what it prints. */
function cli(env: Record<string, string> = {}) {
  const files = new Map<string, string>();
  const out: string[] = [];
  const err: string[] = [];
  const io: LicenceCliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readFile: (path) => {
      const text = files.get(path);
      if (text === undefined) throw new Error('no such file');
      return text;
    },
    writeNewPrivateFile: (path, text) => {
      if (files.has(path)) throw new Error(`${path} exists`);
      files.set(path, text);
    },
    env,
    now: () => NOW,
  };
  const run = (...argv: string[]) => {
    out.length = 0;
    err.length = 0;
    return runLicenceCli(argv, io);
  };
  return { run, files, out, err };
}

const ISSUE = ['--key-id', 'acme-1', '--company', 'harbourview', '--licensee', 'Harbourview Technologies', '--number', 'LIC-7', '--valid-until', '2027-06-30', '--seats', '40'];

describe('licence CLI', () => {
  it('makes a key, issues a licence with it and verifies it as the server would', () => {
    const { run, files, out, err } = cli();
    expect(run('keygen', '--key-id', 'acme-1', '--private-key', 'acme.pem')).toBe(0);
    expect(files.get('acme.pem')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const trust = out.find((line) => line.startsWith('Trust it on the server: LICENCE_PUBLIC_KEYS='))!;
    const entry = trust.slice('Trust it on the server: LICENCE_PUBLIC_KEYS='.length);
    expect(entry).toMatch(/^acme-1=[A-Za-z0-9_-]{43}$/);
    // A second keygen never overwrites a key.
    expect(() => run('keygen', '--key-id', 'acme-1', '--private-key', 'acme.pem')).toThrow('acme.pem exists');

    expect(run('issue', '--private-key', 'acme.pem', '--modules', 'visitors,desks', '--serial', 'S-1', ...ISSUE)).toBe(0);
    const token = out[0]!;
    expect(readLicencePayload(token)).toEqual({
      v: 1,
      number: 'LIC-7',
      serial: 'S-1',
      licensee: 'Harbourview Technologies',
      companyCode: 'harbourview',
      validUntil: Date.UTC(2027, 5, 30, 23, 59, 59, 999),
      issuedAt: NOW,
      modules: ['visitors', 'desks'],
      seats: 40,
      keyId: 'acme-1',
    });

    expect(run('verify', token, '--public-key', entry)).toBe(0);
    expect(out).toContain('Modules:     visitors, desks');
    expect(out).toContain('Valid until: 2027-06-30 (state today: valid)');
    // Trusted through the environment as the server reads it.
    const viaEnv = cli({ LICENCE_PUBLIC_KEYS: entry });
    expect(viaEnv.run('verify', token)).toBe(0);
    // Unknown key, changed token.
    expect(run('verify', token)).toBe(1);
    expect(err).toEqual(['Signed by key "acme-1", which is not trusted here (add it with --public-key or LICENCE_PUBLIC_KEYS).']);
    const changed = `${token.slice(0, 10)}x${token.slice(11)}`;
    expect(run('verify', changed, '--public-key', entry)).toBe(1);
    expect(err[0]).toMatch(/^(Not a licence token\.|The signature is not valid: the token was changed or signed by another key\.)$/);
    expect(run('issue', '--private-key', 'acme.pem', '--modules', 'all', ...ISSUE)).toBe(0);
    expect(readLicencePayload(out[0]!)!.modules).toEqual([...LICENSED_MODULES]);
  });

  it('prints usage and a clear error for wrong input', () => {
    const { run, files, out, err } = cli();
    expect(run()).toBe(2);
    expect(out).toEqual([USAGE]);
    expect(run('--help')).toBe(0);
    expect(run('sign')).toBe(2);
    expect(err[0]).toBe('licence: unknown command "sign"\n');
    expect(err[1]).toBe(USAGE);
    expect(run('keygen', '--key-id', 'acme 1', '--private-key', 'k.pem')).toBe(2);
    expect(err[0]).toContain('--key-id is "acme 1"');
    expect(run('issue', '--private-key', 'missing.pem', '--modules', 'all', ...ISSUE)).toBe(2);
    expect(err[0]).toContain('--private-key: cannot read missing.pem');
    files.set('bad.pem', 'not a key');
    expect(run('issue', '--private-key', 'bad.pem', '--modules', 'all', ...ISSUE)).toBe(2);
    expect(err[0]).toContain('bad.pem is not an Ed25519 private key');
    run('keygen', '--key-id', 'k', '--private-key', 'k.pem');
    expect(run('issue', '--private-key', 'k.pem', '--modules', 'visitors,parking', ...ISSUE)).toBe(2);
    expect(err[0]).toContain('--modules: unknown module parking');
    expect(run('issue', '--private-key', 'k.pem', '--modules', 'all', ...ISSUE.slice(0, -4), '--valid-until', '2027-02-30', '--seats', '4')).toBe(2);
    expect(err[0]).toContain('--valid-until is "2027-02-30": expected a date as YYYY-MM-DD');
    expect(run('issue', '--private-key', 'k.pem', '--modules', 'all', '--seats', '4')).toBe(2);
    expect(err[0]).toBe('licence: --number is required\n');
    expect(run('issue', '--colour', 'blue')).toBe(2);
    expect(err[0]).toContain("Unknown option '--colour'");
    expect(run('verify')).toBe(2);
    expect(run('verify', 'abc', '--public-key', 'k=short')).toBe(2);
    expect(err[0]).toContain('public key "k=short"');
  });
});
