import {
  ACTIVATION_HOURS,
  type AddSsoUserBody,
  checkNewPassword,
  CreateUserBody,
  formatMessage,
  fullNameOf,
  isAcceptableText,
  renderMessage,
  IMPORT_MAX_ROWS,
  type ExportUsersBody,
  type ImportReport,
  type Lang,
  type MessageKey,
  type MessageParamsArg,
  ReturnCode,
  type ActivateUserBody,
  type ActivationLinkResult,
  type CheckActivationResult,
  type DirectoryOptions,
  type DirectoryUser,
  type Page,
  type UpdateUserBody,
  type UserListQuery,
} from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import { HOUR_MS, type Clock } from '../../platform/clock.js';
import { AppError, notFound, refused, refusedPassword } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import type { PasswordHasher } from '../../platform/password.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { assertMayAssignRole, assertSomeoneManagesRoles, canAssignTo } from '../role/role.policy.js';
import type { RoleRepository } from '../role/role.repository.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import type { UserRepository } from '../user/user.repository.js';
import { activationMail } from './activation.mail.js';
import { writeCsv, writeXlsx } from '../../platform/spreadsheet/export.js';
import { readImportSheets } from '../../platform/spreadsheet/import.js';
import { USER_COLUMNS, type UserColumn } from './directory.spreadsheet.js';
import type { DirectoryRepository } from './directory.repository.js';

export interface DirectoryServiceDeps {
  directory: DirectoryRepository;
  users: UserRepository;
  roles: RoleRepository;
  settings: SettingsRepository;
  hasher: PasswordHasher;
  clock: Clock;
  transact: Transact;
  operationLog: OperationLog;
  mailer: Mailer;
  /** The console's address; activation links start with it. */
  publicUrl: string;
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;

/** A name or address in use: the refusal names its field (`result.field`), so a form shows it there once. */
const userNameTaken = (userName: string) => new AppError(ReturnCode.CONFLICT, 'userNameTaken', { userName }, { field: 'userName' });
const emailTaken = (email: string) => new AppError(ReturnCode.CONFLICT, 'emailTaken', { email }, { field: 'email' });

/** Largest export, in rows. */
const EXPORT_MAX_ROWS = 10_000;


/** The directory: the company's users, their creation with an activation link, changes and removal. */
export function createDirectoryService(deps: DirectoryServiceDeps) {
  const { directory, users, roles, settings, hasher, clock, transact, operationLog, mailer, publicUrl } = deps;

  async function getUser(companyId: number, id: number): Promise<DirectoryUser> {
    const user = await directory.findUser(companyId, id);
    if (!user) throw notFound();
    return user;
  }

  /** Another company's department, role or location is as unknown as a missing one: 404. */
  async function assertReferences(companyId: number, refs: { departmentId: number | null; roleId?: number; locationId: number | null }) {
    if (refs.departmentId !== null && !(await directory.hasDepartment(companyId, refs.departmentId))) throw notFound();
    if (refs.roleId !== undefined && !(await directory.hasRole(companyId, refs.roleId))) throw notFound();
    if (refs.locationId !== null && !(await directory.hasLocation(companyId, refs.locationId))) throw notFound();
  }

  /**
   * Changes that could remove the last user administrator, or the last member who manages roles,
   * run in a transaction that checks both afterwards; the company's roles are locked first, as role
   * changes do, so concurrent changes cannot both pass the check.
   */
  async function keepingAUserAdministrator<T>(companyId: number, change: (tx: Parameters<Parameters<Transact>[0]>[0]) => Promise<T>): Promise<T> {
    return transact(async (tx) => {
      await tx.roles.lockCompanyRoles(companyId);
      const result = await change(tx);
      if ((await tx.roles.countActiveUsersHolding(companyId, 'users:edit')) === 0) throw refused('lastUserAdministrator');
      await assertSomeoneManagesRoles(tx.roles, companyId);
      return result;
    });
  }

  /** A new activation link for the user; every earlier one stops working. Only the token's hash is stored. */
  async function issueActivation(companyId: number, userId: number): Promise<ActivationLinkResult> {
    const token = newSessionToken();
    const now = clock.now();
    const expiresAt = now + ACTIVATION_HOURS * HOUR_MS;
    await directory.replaceActivation(companyId, userId, hashSessionToken(token), expiresAt, now);
    return { link: `${publicUrl}/activate/${token}`, expiresAt };
  }

  async function sendActivation(actor: Actor, user: { id: number; userName: string; fullName: string; email: string }) {
    const { companyId } = actor;
    const { link } = await issueActivation(companyId, user.id);
    const mail = activationMail({ companyName: await directory.companyName(companyId), fullName: user.fullName, userName: user.userName, link });
    await mailer.send({ companyId, event: 'activation', actorUserId: actor.userId, to: user.email, ...mail });
  }

  /**
   * Inserts a user after the shared checks: references of the company, the role rules, names unused
   * in the whole installation. The password is random, so nobody can sign in with it.
   */
  async function addUser(
    actor: Actor,
    fields: Pick<CreateUserBody, 'userName' | 'email' | 'departmentId' | 'locationId' | 'roleId'> &
      Partial<Pick<CreateUserBody, 'firstName' | 'lastName' | 'usercode' | 'phone' | 'gender'>> & { fullName: string },
    isSso: boolean,
  ): Promise<number> {
    const { companyId } = actor;
    await assertReferences(companyId, fields);
    if (fields.roleId !== undefined) await assertMayAssignRole(roles, actor, fields.roleId);
    const roleId = fields.roleId ?? (await directory.findDefaultRoleId(companyId));
    if (roleId === undefined) throw refused('noRoleInCompany');
    if (await directory.isUserNameTaken(fields.userName)) throw userNameTaken(fields.userName);
    if (await directory.isEmailTaken(fields.email)) throw emailTaken(fields.email);
    const passwordHash = await hasher.hash(newSessionToken());
    try {
      return await users.insertUser(
        {
          companyId,
          userName: fields.userName,
          email: fields.email,
          firstName: fields.firstName ?? null,
          lastName: fields.lastName ?? null,
          fullName: fields.fullName,
          usercode: fields.usercode ?? null,
          phone: fields.phone ?? null,
          ...(fields.gender ? { gender: fields.gender } : {}),
          roleId,
          departmentId: fields.departmentId,
          locationId: fields.locationId,
          passwordHash,
          mustChangePassword: false,
          isSso,
        },
        clock.now(),
      );
    } catch (error) {
      // Another request took the name or address between the check and the insert.
      if (await directory.isUserNameTaken(fields.userName)) throw userNameTaken(fields.userName);
      if (await directory.isEmailTaken(fields.email)) throw emailTaken(fields.email);
      throw error;
    }
  }

  const service = {
    async listUsers(companyId: number, query: UserListQuery): Promise<Page<DirectoryUser>> {
      const departmentIds = query.departmentId === undefined ? undefined : await directory.findDepartmentWithDescendants(companyId, query.departmentId);
      return directory.listUsers(companyId, query, departmentIds);
    },

    getUser,

    options(companyId: number): Promise<DirectoryOptions> {
      return directory.options(companyId);
    },

    /** Creates the user with an unusable password and mails them a link to choose one. */
    createUser(actor: Actor, body: CreateUserBody): Promise<DirectoryUser> {
      const fullName = fullNameOf(body.firstName, body.lastName);
      return operationLog.track(
        actor,
        (user: DirectoryUser | undefined) => ({
          action: 'user.create',
          targetType: 'user',
          targetId: user?.id ?? null,
          targetName: body.userName,
          detail: { email: body.email, roleId: user?.role.id ?? body.roleId ?? null, departmentId: body.departmentId, locationId: body.locationId },
        }),
        async () => {
          const id = await addUser(actor, { ...body, fullName }, false);
          await sendActivation(actor, { id, userName: body.userName, fullName, email: body.email });
          return getUser(actor.companyId, id);
        },
      );
    },

    /**
     * Creates a user who signs in by single sign-on (`POST /user/addSSOUser`): marked SSO, with a
     * password nobody knows and no activation mail. The role rules are those of `createUser`.
     */
    createSsoUser(actor: Actor, body: AddSsoUserBody): Promise<DirectoryUser> {
      return operationLog.track(
        actor,
        (user: DirectoryUser | undefined) => ({
          action: 'user.createSso',
          targetType: 'user',
          targetId: user?.id ?? null,
          targetName: body.userName,
          detail: { email: body.email, roleId: user?.role.id ?? body.roleId ?? null, departmentId: body.departmentId },
        }),
        async () => {
          const id = await addUser(actor, { ...body, locationId: null }, true);
          return getUser(actor.companyId, id);
        },
      );
    },

    /** Changes everything but the user name and e-mail, which are fixed at creation. */
    async updateUser(actor: Actor, body: UpdateUserBody): Promise<DirectoryUser> {
      const current = await getUser(actor.companyId, body.id);
      return operationLog.track(
        actor,
        { action: 'user.update', targetType: 'user', targetId: current.id, targetName: current.userName, detail: { roleId: body.roleId ?? current.role.id, departmentId: body.departmentId, locationId: body.locationId, status: body.status ?? current.status } },
        async () => {
          if (body.userName !== undefined && body.userName.toLowerCase() !== current.userName.toLowerCase()) throw refused('userNameCannotChange');
          if (body.email !== undefined && body.email.toLowerCase() !== (current.email ?? '').toLowerCase()) throw refused('emailCannotChange');
          await assertReferences(actor.companyId, body);
          if (body.roleId !== undefined && body.roleId !== current.role.id) await assertMayAssignRole(roles, actor, body.roleId);
          const isActive = (body.status ?? current.status) === 'active';
          if (!isActive && (await roles.findOwner(actor.companyId))?.id === current.id) throw refused('ownerNotDeactivatable', { name: current.fullName });
          const now = clock.now();
          await keepingAUserAdministrator(actor.companyId, async (tx) => {
            await tx.directory.updateUser(
              actor.companyId,
              current.id,
              {
                firstName: body.firstName,
                lastName: body.lastName,
                usercode: body.usercode,
                phone: body.phone,
                gender: body.gender,
                departmentId: body.departmentId,
                roleId: body.roleId ?? current.role.id,
                locationId: body.locationId,
                isActive,
              },
              now,
            );
            // A disabled account signs out everywhere at once.
            if (!isActive) await tx.sessions.revokeUserSessions(actor.companyId, current.id, now);
          });
          return getUser(actor.companyId, current.id);
        },
      );
    },

    /** Deletes users of the company; never the caller, never the last user administrator. */
    async deleteUsers(actor: Actor, ids: number[]): Promise<void> {
      const found = await directory.findUsersByIds(actor.companyId, ids);
      if (found.length !== new Set(ids).size) throw notFound();
      await operationLog.track(
        actor,
        {
          action: 'user.delete',
          targetType: 'user',
          targetId: found.length === 1 ? found[0]!.id : null,
          targetName: found.map((user) => user.userName).join(', '),
          detail: { ids: found.map((user) => user.id) },
        },
        async () => {
          if (ids.includes(actor.userId)) throw refused('cannotDeleteYourself');
          const owner = await roles.findOwner(actor.companyId);
          if (owner && ids.includes(owner.id)) throw refused('ownerNotDeletable', { name: owner.fullName });
          await keepingAUserAdministrator(actor.companyId, (tx) => tx.directory.deleteUsers(actor.companyId, ids));
        },
      );
    },

    /** Moves users to a department (null: none). */
    async moveUsers(actor: Actor, userIds: number[], departmentId: number | null): Promise<void> {
      const found = await directory.findUsersByIds(actor.companyId, userIds);
      if (found.length !== new Set(userIds).size) throw notFound();
      if (departmentId !== null && !(await directory.hasDepartment(actor.companyId, departmentId))) throw notFound();
      await operationLog.track(
        actor,
        { action: 'user.move', targetType: 'user', targetId: found.length === 1 ? found[0]!.id : null, targetName: found.map((user) => user.userName).join(', '), detail: { ids: userIds, departmentId } },
        () => directory.moveUsers(actor.companyId, userIds, departmentId, clock.now()),
      );
    },

    /** A new activation link for a user who has not activated yet; the old link stops working. */
    async resendActivation(actor: Actor, id: number): Promise<void> {
      const user = await getUser(actor.companyId, id);
      await operationLog.track(actor, { action: 'user.resendActivation', targetType: 'user', targetId: user.id, targetName: user.userName }, async () => {
        if (!user.isPendingActivation || !user.email) throw refused('alreadyActivated');
        await sendActivation(actor, { id: user.id, userName: user.userName, fullName: user.fullName, email: user.email });
      });
    },

    /**
     * A fresh activation link handed to the caller (`POST /user/activationLink`), for bringing a
     * colleague in without a mail server; earlier links stop working. Only for a pending user whose
     * role the caller could assign (role.policy.ts), or a users:edit holder could take over a pending
     * administrator. Logged without the link.
     */
    async issueActivationLink(actor: Actor, id: number): Promise<ActivationLinkResult> {
      const user = await getUser(actor.companyId, id);
      return operationLog.track(actor, { action: 'user.activationLink', targetType: 'user', targetId: user.id, targetName: user.userName }, async () => {
        const role = await roles.findRole(actor.companyId, user.role.id);
        if (!role || !canAssignTo(actor.permissions, role)) throw new AppError(ReturnCode.NO_PERMISSION, 'activationLinkBeyondOwnRole');
        if (!user.isPendingActivation) throw refused('alreadyActivated');
        return issueActivation(actor.companyId, user.id);
      });
    },

    /** Public: whether a link works and for whom; nothing more leaves. */
    async checkActivation(reqToken: string): Promise<CheckActivationResult> {
      const activation = await directory.findActivation(hashSessionToken(reqToken));
      if (!activation || activation.expiresAt <= clock.now()) return { valid: false, userName: null, passwordPolicy: null };
      return { valid: true, userName: activation.userName, passwordPolicy: await settings.getPasswordPolicy(activation.companyId) };
    },

    /** Public: the link's user chooses a password under the company's policy; the link is used up. */
    async activate(body: ActivateUserBody, ip: string | null): Promise<void> {
      const tokenHash = hashSessionToken(body.reqToken);
      const activation = await directory.findActivation(tokenHash);
      if (!activation || activation.expiresAt <= clock.now()) throw refused('activationLinkInvalid');
      const policy = await settings.getPasswordPolicy(activation.companyId);
      const problem = checkNewPassword(body.password, policy, body.confirmPassword);
      if (problem) throw refusedPassword(problem);
      const passwordHash = await hasher.hash(body.password);
      const now = clock.now();
      await transact(async (tx) => {
        if (!(await tx.directory.consumeActivation(activation.companyId, activation.userId, tokenHash))) throw refused('activationLinkInvalid');
        await tx.users.setPassword(activation.companyId, activation.userId, passwordHash, now);
      });
      await operationLog.record(
        { companyId: activation.companyId, userId: activation.userId, ip },
        { action: 'user.activate', targetType: 'user', targetId: activation.userId, targetName: activation.userName },
        'success',
      );
    },

    /** The filtered list as a spreadsheet whose cells no program reads as formulas. */
    async exportUsers(companyId: number, body: ExportUsersBody): Promise<{ filename: string; contentType: string; data: Buffer }> {
      const { format, ...filters } = body;
      const departmentIds = filters.departmentId === undefined ? undefined : await directory.findDepartmentWithDescendants(companyId, filters.departmentId);
      const page = await directory.listUsers(companyId, { ...filters, page: 1, pageSize: EXPORT_MAX_ROWS }, departmentIds);
      const rows = page.list.map((user) => [
        user.userName, user.email ?? '', user.firstName ?? '', user.lastName ?? '', user.usercode ?? '', user.phone ?? '', user.gender,
        user.department?.name ?? '', user.role.name, user.location?.name ?? '', user.status,
      ]);
      return format === 'csv'
        ? { filename: 'users.csv', contentType: 'text/csv; charset=utf-8', data: writeCsv(USER_COLUMNS, rows) }
        : { filename: 'users.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await writeXlsx('users', USER_COLUMNS, rows) };
    },

    /**
     * Creates a user per row of every sheet (header row first: the export's column names). Each row
     * is accepted or refused on its own, with the reasons in the caller's language.
     */
    async importUsers(actor: Actor, data: Buffer, lang: Lang): Promise<ImportReport> {
      const sheets = await readImportSheets(data, IMPORT_MAX_ROWS);
      const options = await directory.options(actor.companyId);
      const byName = <T extends { id: number; name: string }>(list: T[], name: string) => list.find((item) => item.name.toLowerCase() === name.toLowerCase());
      const say = <K extends MessageKey>(key: K, ...params: MessageParamsArg<K>) => formatMessage(key, lang, ...params);
      const report: ImportReport = { accepted: [], refused: [] };
      const seen = new Set<string>();

      for (const sheet of sheets) {
        const [header, ...rows] = sheet.rows;
        if (!header || rows.length === 0) continue;
        const index = new Map<UserColumn, number>();
        header.cells.forEach((cell, position) => {
          const column = USER_COLUMNS.find((name) => name.toLowerCase() === cell.toLowerCase());
          if (column && !index.has(column)) index.set(column, position);
        });
        const missing = (['userName', 'email', 'firstName', 'lastName'] as const).filter((column) => !index.has(column));
        if (missing.length) throw refused('importMissingColumns', { sheet: sheet.name, columns: missing.join(', ') });
        for (const { number: rowNumber, cells } of rows) {
          const cell = (column: UserColumn) => {
            const position = index.get(column);
            return position === undefined ? '' : (cells[position] ?? '');
          };
          const userName = cell('userName') || null;
          // The API's text rule (contract text-rules.ts), cell by cell: such a row is refused, naming its columns.
          const unacceptable = USER_COLUMNS.filter((column) => index.has(column) && !isAcceptableText(cell(column)));
          if (unacceptable.length) {
            report.refused.push({ sheet: sheet.name, row: rowNumber, userName, reasons: unacceptable.map((field) => say('textNotAllowed', { field })) });
            continue;
          }
          const reasons: string[] = [];
          const department = cell('department') ? byName(options.departments, cell('department')) : undefined;
          if (cell('department') && !department) reasons.push(say('importUnknownDepartment', { name: cell('department') }));
          const role = cell('role') ? byName(options.roles, cell('role')) : undefined;
          if (cell('role') && !role) reasons.push(say('importUnknownRole', { name: cell('role') }));
          const location = cell('location') ? byName(options.locations, cell('location')) : undefined;
          if (cell('location') && !location) reasons.push(say('importUnknownLocation', { name: cell('location') }));
          const parsed = CreateUserBody.safeParse({
            userName: cell('userName'),
            email: cell('email'),
            firstName: cell('firstName'),
            lastName: cell('lastName'),
            usercode: cell('usercode') || null,
            phone: cell('phone') || null,
            gender: cell('gender') ? cell('gender').toLowerCase() : undefined,
            departmentId: department?.id ?? null,
            ...(role ? { roleId: role.id } : {}),
            locationId: location?.id ?? null,
          });
          if (!parsed.success) {
            const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))];
            reasons.push(...fields.map((field) => say('importInvalidField', { field })));
          }
          for (const value of [cell('userName'), cell('email')]) {
            const key = value.toLowerCase();
            if (!key) continue;
            if (seen.has(key)) reasons.push(say('importDuplicateInFile', { value }));
            seen.add(key);
          }
          if (reasons.length || !parsed.success) {
            report.refused.push({ sheet: sheet.name, row: rowNumber, userName, reasons });
            continue;
          }
          try {
            const created = await service.createUser(actor, parsed.data);
            report.accepted.push({ sheet: sheet.name, row: rowNumber, userName: created.userName, id: created.id });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            report.refused.push({ sheet: sheet.name, row: rowNumber, userName, reasons: [renderMessage(error.messageKey, lang, error.params)] });
          }
        }
      }
      return report;
    },
  };
  return service;
}
