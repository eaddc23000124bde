import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { LICENSED_MODULES, licenceStateAt, LicencePayload, type LicensedModule } from '@atrium/contract';
import { SHIPPED_LICENCE_KEYS } from '../modules/licence/licence-keys.js';
import { generateLicenceKeyPair, keyringOf, privateKeyFromPem, publicKeyFromRaw, rawOfPublicKey, signLicence, verifyLicence } from '../platform/licence-token.js';

/**
 * `npm run licence -- <command>`: the operator's tool for licences (docs/decisions/0021-platform.md, "Licences").
 * keygen makes a key pair, issue signs a licence with a private key, verify checks a token as the server would.
 */
export const USAGE = `Usage: npm run licence -- <command> [options]

Commands:
  keygen --key-id <id> --private-key <file>
      Makes an Ed25519 key pair. Writes the private key (PKCS#8 PEM, readable by you only) to <file>, which must
      not exist, and prints the public key with the LICENCE_PUBLIC_KEYS entry the server needs to trust it.

  issue --private-key <file> --key-id <id> --company <code> --licensee <name> --number <number>
        --valid-until <YYYY-MM-DD> --modules <list|all> --seats <n> [--serial <serial>]
      Prints a licence token. The company code is the company's domain (its code at sign-in); the licence is
      valid to the end of --valid-until in UTC; modules: ${LICENSED_MODULES.join(', ')} (comma-separated) or all.

  verify <token> [--public-key <keyId=key>]...
      Checks a token against the keys shipped with the build, LICENCE_PUBLIC_KEYS and any --public-key, and
      prints what it licenses and its state today.
`;

/** What the CLI touches, so tests run it in memory. */
export interface LicenceCliIo {
  out(line: string): void;
  err(line: string): void;
  /** Reads a text file; throws when it cannot. */
  readFile(path: string): string;
  /** Writes a new file readable by its owner only; throws when it exists. */
  writeNewPrivateFile(path: string, text: string): void;
  env: Record<string, string | undefined>;
  now(): number;
}

class UsageError extends Error {}

const DAY_END_MS = 24 * 60 * 60 * 1000 - 1;

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--${name} is required`);
  return value.trim();
}

function parseModules(value: string): LicensedModule[] {
  if (value === 'all') return [...LICENSED_MODULES];
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(LICENSED_MODULES as readonly string[]).includes(name));
  if (unknown.length || names.length === 0) throw new UsageError(`--modules: unknown module ${unknown.join(', ') || '(none given)'}; expected ${LICENSED_MODULES.join(', ')} or all`);
  return LICENSED_MODULES.filter((module) => names.includes(module));
}

function parseDayEnd(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const start = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || new Date(start).toISOString().slice(0, 10) !== value) throw new UsageError(`--valid-until is "${value}": expected a date as YYYY-MM-DD`);
  return start + DAY_END_MS;
}

function keygen(args: string[], io: LicenceCliIo): number {
  const { values } = parseArgs({ args, options: { 'key-id': { type: 'string' }, 'private-key': { type: 'string' } } });
  const keyId = required(values, 'key-id');
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(keyId)) throw new UsageError(`--key-id is "${keyId}": expected 1 to 64 letters, digits, dots, dashes or underscores`);
  const file = required(values, 'private-key');
  const { publicKey, privateKeyPem } = generateLicenceKeyPair();
  io.writeNewPrivateFile(file, privateKeyPem);
  io.out(`Private key written to ${file}: keep it secret and off the server.`);
  io.out(`Public key (${keyId}): ${publicKey}`);
  io.out(`Trust it on the server: LICENCE_PUBLIC_KEYS=${keyId}=${publicKey}`);
  return 0;
}

function issue(args: string[], io: LicenceCliIo): number {
  const { values } = parseArgs({
    args,
    options: {
      'private-key': { type: 'string' },
      'key-id': { type: 'string' },
      company: { type: 'string' },
      licensee: { type: 'string' },
      number: { type: 'string' },
      serial: { type: 'string' },
      'valid-until': { type: 'string' },
      modules: { type: 'string' },
      seats: { type: 'string' },
    },
  });
  const seatsText = required(values, 'seats');
  if (!/^\d+$/.test(seatsText)) throw new UsageError(`--seats is "${seatsText}": expected a whole number`);
  const file = required(values, 'private-key');
  let pem: string;
  try {
    pem = io.readFile(file);
  } catch (error) {
    throw new UsageError(`--private-key: cannot read ${file} (${(error as Error).message})`);
  }
  let key;
  try {
    key = privateKeyFromPem(pem);
  } catch (error) {
    throw new UsageError(`--private-key: ${file} is not an Ed25519 private key (${(error as Error).message})`);
  }
  const parsed = LicencePayload.safeParse({
    v: 1,
    number: required(values, 'number'),
    serial: values.serial?.trim() || randomUUID(),
    licensee: required(values, 'licensee'),
    companyCode: required(values, 'company'),
    validUntil: parseDayEnd(required(values, 'valid-until')),
    issuedAt: io.now(),
    modules: parseModules(required(values, 'modules')),
    seats: Number(seatsText),
    keyId: required(values, 'key-id'),
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('; '));
  io.out(signLicence(parsed.data, key));
  return 0;
}

function verify(args: string[], io: LicenceCliIo): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { 'public-key': { type: 'string', multiple: true } } });
  const token = positionals[0];
  if (!token || positionals.length > 1) throw new UsageError('verify takes one token');
  const pairs = (list: string[]) =>
    list.map((entry) => {
      const [keyId = '', raw = ''] = entry.split('=').map((part) => part.trim());
      try {
        publicKeyFromRaw(raw);
      } catch (error) {
        throw new UsageError(`public key "${entry}": ${(error as Error).message}`);
      }
      return [keyId, raw] as const;
    });
  const configured = (io.env.LICENCE_PUBLIC_KEYS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  const keyring = keyringOf([...SHIPPED_LICENCE_KEYS, ...pairs(configured), ...pairs(values['public-key'] ?? [])]);
  const verified = verifyLicence(token, keyring);
  if (!verified.ok) {
    const { problem } = verified;
    io.err(
      problem.kind === 'malformed'
        ? 'Not a licence token.'
        : problem.kind === 'unknownKey'
          ? `Signed by key "${problem.keyId}", which is not trusted here (add it with --public-key or LICENCE_PUBLIC_KEYS).`
          : 'The signature is not valid: the token was changed or signed by another key.',
    );
    return 1;
  }
  const { payload } = verified;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  io.out(`Valid signature by key ${payload.keyId} (${rawOfPublicKey(keyring.get(payload.keyId)!)})`);
  io.out(`Number:      ${payload.number}`);
  io.out(`Serial:      ${payload.serial}`);
  io.out(`Licensee:    ${payload.licensee} (company code ${payload.companyCode})`);
  io.out(`Modules:     ${payload.modules.join(', ')}`);
  io.out(`Seats:       ${payload.seats}`);
  io.out(`Valid until: ${day(payload.validUntil)} (state today: ${licenceStateAt(payload.validUntil, io.now())})`);
  return 0;
}

/** Runs one command; the exit code: 0 done, 1 refused (a token that does not verify), 2 wrong usage. */
export function runLicenceCli(argv: string[], io: LicenceCliIo): number {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  try {
    if (command === 'keygen') return keygen(args, io);
    if (command === 'issue') return issue(args, io);
    if (command === 'verify') return verify(args, io);
    throw new UsageError(`unknown command "${command}"`);
  } catch (error) {
    // parseArgs names unknown or incomplete options in its own errors.
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`licence: ${(error as Error).message}\n`);
      io.err(USAGE);
      return 2;
    }
    throw error;
  }
}
