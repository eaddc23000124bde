import {
  hasPermission,
  licenceStateAt,
  LICENSED_MODULES,
  type InstalledLicence,
  type LicensedModule,
  type LicenceOverview,
  type Permission,
} from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { refused } from '../../platform/errors.js';
import { verifyLicence, type LicenceKeyring } from '../../platform/licence-token.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { LicenceRepository, LicenceRow } from './licence.repository.js';

/** Until when each licensed module may be written to, by the latest `validUntil` among the company's licences. */
export type ModuleLicences = ReadonlyMap<LicensedModule, number>;

export type LicenceService = ReturnType<typeof createLicenceService>;

export interface LicenceServiceDeps {
  licences: LicenceRepository;
  /** The build's keys and the installation's (LICENCE_PUBLIC_KEYS). */
  keyring: LicenceKeyring;
  clock: Clock;
  operationLog: OperationLog;
}

/**
 * The licences a company holds (docs/decisions/0021-platform.md, "Licences"): installing a signed token, the
 * state of each module, and what the access guard keeps in memory. A stored token counts only while it still
 * verifies against the keyring, so a key taken out of LICENCE_PUBLIC_KEYS withdraws its licences at the next load.
 */
export function createLicenceService({ licences, keyring, clock, operationLog }: LicenceServiceDeps) {
  /** The rows that count: trials, and signed rows whose token verifies; signed ones as their payload says. */
  async function listValid(companyId: number): Promise<LicenceRow[]> {
    const rows = await licences.listLicences(companyId);
    return rows.flatMap((row) => {
      if (row.isTrial) return [row];
      const verified = row.token ? verifyLicence(row.token, keyring) : null;
      if (!verified?.ok) return [];
      const { payload } = verified;
      return [{ ...row, number: payload.number, licensee: payload.licensee, modules: payload.modules, seats: payload.seats, validUntil: payload.validUntil, keyId: payload.keyId }];
    });
  }

  /** Each module's best licence: the one valid longest. */
  function bestByModule(rows: readonly LicenceRow[]): Map<LicensedModule, LicenceRow> {
    const best = new Map<LicensedModule, LicenceRow>();
    for (const row of rows) {
      for (const module of row.modules) {
        const current = best.get(module);
        if (!current || row.validUntil > current.validUntil) best.set(module, row);
      }
    }
    return best;
  }

  return {
    /** For the company-access cache: each licensed module's `validUntil` (the guard adds the grace). */
    async loadModuleLicences(companyId: number): Promise<ModuleLicences> {
      const best = bestByModule(await listValid(companyId));
      return new Map([...best].map(([module, row]) => [module, row.validUntil]));
    },

    async overview(caller: { companyId: number; permissions: ReadonlySet<Permission> }): Promise<LicenceOverview> {
      const now = clock.now();
      const [rows, seatsUsed] = await Promise.all([listValid(caller.companyId), licences.countActiveUsers(caller.companyId)]);
      const best = bestByModule(rows);
      const present = (row: LicenceRow): InstalledLicence => ({
        id: row.id,
        number: row.number,
        serial: row.serial,
        licensee: row.licensee,
        modules: row.modules,
        seats: row.seats,
        validUntil: row.validUntil,
        keyId: row.keyId,
        isTrial: row.isTrial,
        state: licenceStateAt(row.validUntil, now),
        installedAt: row.installedAt,
      });
      return {
        modules: LICENSED_MODULES.map((module) => {
          const row = best.get(module);
          return { module, state: licenceStateAt(row?.validUntil ?? null, now), validUntil: row?.validUntil ?? null, seats: row?.seats ?? null, licenceNumber: row?.number ?? null };
        }),
        licences: rows.map(present),
        seatsUsed,
        canEdit: hasPermission(caller.permissions, 'accountGlobal:edit'),
      };
    },

    /** Installs a signed licence for the caller's company: it must verify, name this company and not be over. */
    async install(actor: Actor, token: string): Promise<{ number: string }> {
      const verified = verifyLicence(token, keyring);
      if (!verified.ok) {
        const { problem } = verified;
        if (problem.kind === 'unknownKey') throw refused('licenceUnknownKey', { keyId: problem.keyId });
        throw refused(problem.kind === 'malformed' ? 'licenceMalformed' : 'licenceBadSignature');
      }
      const { payload } = verified;
      const companyCode = await licences.findCompanyCode(actor.companyId);
      if (companyCode === null || payload.companyCode.toLowerCase() !== companyCode.toLowerCase()) throw refused('licenceOtherCompany');
      const now = clock.now();
      if (licenceStateAt(payload.validUntil, now) === 'expired') throw refused('licenceExpired');
      await operationLog.track(
        actor,
        { action: 'licence.install', targetType: 'licence', targetName: payload.number, detail: { serial: payload.serial, validUntil: payload.validUntil, modules: payload.modules } },
        () =>
          licences.saveLicence(actor.companyId, {
            serial: payload.serial,
            number: payload.number,
            licensee: payload.licensee,
            isTrial: false,
            token: token.trim(),
            keyId: payload.keyId,
            modules: payload.modules,
            seats: payload.seats,
            validUntil: payload.validUntil,
            installedAt: now,
            installedBy: actor.userId,
          }),
      );
      return { number: payload.number };
    },
  };
}
