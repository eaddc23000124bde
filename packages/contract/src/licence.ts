import { z } from 'zod';
import { APPLICATIONS, applicationNodes, type ApplicationKey } from './application.js';
import type { MenuNode } from './menu.js';

/**
 * Licences (spec 000 section 3, spec 001 section 1, issue 23; docs/decisions/0021-platform.md,
 * "Licences"). A licence is a token signed with Ed25519 that names a company, the modules it may use,
 * seats and a date; the server verifies it offline. Room booking, messages, door displays and the
 * organisation are the base product and need none.
 */
export const LICENSED_MODULES = ['visitors', 'desks', 'smartRooms', 'airQuality'] as const satisfies readonly ApplicationKey[];
export type LicensedModule = (typeof LICENSED_MODULES)[number];

export const isLicensedModule = (key: string): key is LicensedModule => (LICENSED_MODULES as readonly string[]).includes(key);

/** Days before the end during which a licence is 'expiring' (a warning). */
export const LICENCE_EXPIRING_DAYS = 30;
/** Days after the end during which a licence still works, with a warning ('grace'). */
export const LICENCE_GRACE_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A module's licence state; 'unlicensed' when no installed licence names it. */
export const LICENCE_STATES = ['valid', 'expiring', 'grace', 'expired', 'unlicensed'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

/** The state at `now` of a licence that ends at `validUntil` (epoch ms, the last moment it is valid). */
export function licenceStateAt(validUntil: number | null, now: number): LicenceState {
  if (validUntil === null) return 'unlicensed';
  if (now <= validUntil) return validUntil - now <= LICENCE_EXPIRING_DAYS * DAY_MS ? 'expiring' : 'valid';
  return now <= validUntil + LICENCE_GRACE_DAYS * DAY_MS ? 'grace' : 'expired';
}

/** Whether a module in this state may be written to (valid, expiring and grace work; the rest is read-only). */
export const isLicenceUsable = (state: LicenceState) => state === 'valid' || state === 'expiring' || state === 'grace';

/** The last moment writes are allowed under a licence ending at `validUntil`: the end of its grace. */
export const licenceUsableUntil = (validUntil: number) => validUntil + LICENCE_GRACE_DAYS * DAY_MS;

/** The licensed module whose pages hold the menu entry `menuKey`, for the console's banner; null for the base product. */
export function licensedModuleOfMenuKey(menuKey: string, catalogue: readonly MenuNode[]): LicensedModule | null {
  const holds = (node: MenuNode): boolean => node.key === menuKey || (node.children ?? []).some(holds);
  const owner = APPLICATIONS.find((application) => applicationNodes(application.key, catalogue).some(holds));
  return owner && isLicensedModule(owner.key) ? owner.key : null;
}

/** Longest licence token accepted (a payload of a few hundred bytes and a 64-byte signature, base64url). */
export const LICENCE_TOKEN_MAX = 4096;

/**
 * What a licence token carries (its first part, base64url JSON). The second part is the Ed25519
 * signature of the first part's bytes by the key named `keyId`.
 */
export const LicencePayload = z.object({
  /** Format version of the payload. */
  v: z.literal(1),
  /** The licence number shown to people (e.g. `LIC-2026-0042`). */
  number: z.string().min(1).max(64),
  /** The serial number, unique per issuer; installing the same serial again replaces it. */
  serial: z.string().min(1).max(64),
  /** Who bought it, as shown. */
  licensee: z.string().min(1).max(200),
  /** The company code (its `domain`) the licence is for; another company cannot install it. */
  companyCode: z.string().min(1).max(64),
  /** Epoch ms: the last moment the licence is valid (the end of a day in UTC when issued by the CLI). */
  validUntil: z.number().int().positive(),
  /** Epoch ms when it was issued. */
  issuedAt: z.number().int().positive(),
  modules: z.array(z.enum(LICENSED_MODULES)).min(1),
  /** How many people may use the licensed modules (shown beside the company's active users). */
  seats: z.number().int().min(1).max(1_000_000),
  /** Which trusted public key signed it. */
  keyId: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
});
export type LicencePayload = z.infer<typeof LicencePayload>;

/** `POST /company/licence` body: a token as the licence CLI prints it. */
export const InstallLicenceBody = z.object({
  token: z.string().trim().min(1, 'Paste the licence token').max(LICENCE_TOKEN_MAX),
});
export type InstallLicenceBody = z.infer<typeof InstallLicenceBody>;

/** One installed licence. */
export const InstalledLicence = z.object({
  id: z.number().int(),
  number: z.string(),
  serial: z.string(),
  licensee: z.string(),
  modules: z.array(z.enum(LICENSED_MODULES)),
  seats: z.number().int().nullable().describe('null for the demo trial, which counts no seats'),
  validUntil: z.number().int(),
  keyId: z.string().nullable().describe('null for the demo trial (not a signed token)'),
  isTrial: z.boolean(),
  state: z.enum(LICENCE_STATES),
  installedAt: z.number().int(),
});
export type InstalledLicence = z.infer<typeof InstalledLicence>;

/** A licensed module's standing: its best licence (the one valid longest) and the seats. */
export const ModuleLicence = z.object({
  module: z.enum(LICENSED_MODULES),
  state: z.enum(LICENCE_STATES),
  validUntil: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  licenceNumber: z.string().nullable(),
});
export type ModuleLicence = z.infer<typeof ModuleLicence>;

/** `GET /company/licence` result. */
export const LicenceOverview = z.object({
  modules: z.array(ModuleLicence),
  licences: z.array(InstalledLicence),
  /** The company's active users, counted against each module's seats. */
  seatsUsed: z.number().int(),
  canEdit: z.boolean().describe('Whether the caller may install licences (accountGlobal:edit)'),
});
export type LicenceOverview = z.infer<typeof LicenceOverview>;
