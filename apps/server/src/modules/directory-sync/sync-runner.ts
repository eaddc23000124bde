import { CreateGroupBody, CreateUserBody, UserEmail, UserName, truncateText, type MessageKey, type MessageParamsArg, type RoleMapping } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { GroupService } from '../department/department.service.js';
import type { Actor } from '../operation-log/operation-log.service.js';
import { mappedRole, type DirectorySnapshot, type DirectorySource, type SourceDepartment, type SourceUser } from './directory-source.js';
import type { DirectorySyncRepository, StoredReport, StoredSkip } from './directory-sync.repository.js';

export interface SyncRunnerDeps {
  repository: DirectorySyncRepository;
  directory: DirectoryService;
  groups: GroupService;
  clock: Clock;
}

type Reason = Omit<StoredSkip, 'entry'>;
/** A skipped record's reason; the compiler checks the message's parameters. */
function because<K extends MessageKey>(key: K, ...params: MessageParamsArg<K>): { reason: Reason };
function because(key: MessageKey, params: Readonly<Record<string, string | number>> = {}): { reason: Reason } {
  return { reason: { key, params: { ...params } } };
}
const fromError = (error: AppError): { reason: Reason } => ({ reason: { key: error.messageKey, params: { ...error.params } } });

interface CompanyUser {
  id: number;
  userName: string;
  email: string | null;
}

/**
 * Writes what a directory source read into the company (decision 0003, "What a sync does", and
 * decision 0024): departments by name (their tree kept when the source has one), users matched by
 * linked subject, user name, then e-mail, created or updated through the directory under its rules,
 * the role mapping applied; nothing deleted. The caller holds the company's sync lease.
 */
export async function runDirectorySync(deps: SyncRunnerDeps, actor: Actor, source: DirectorySource, roleMapping: RoleMapping): Promise<StoredReport> {
  const { repository, directory, groups, clock } = deps;
  const snapshot: DirectorySnapshot = await source.read();
  const report: StoredReport = { departmentsCreated: 0, usersCreated: 0, usersUpdated: 0, skipped: [] };
  const companyId = actor.companyId;

  const existing = (await directory.options(companyId)).departments.map(({ id, name }) => ({ id, name }));
  const sourceDepartments = new Map<string, SourceDepartment>(snapshot.departments.map((department) => [department.key, department]));
  const resolved = new Map<string, number | null>();
  /** The console's department for a source key: found by name, else created under its (resolved) parent. */
  const departmentId = async (key: string, trail: Set<string> = new Set()): Promise<number | null> => {
    if (resolved.has(key)) return resolved.get(key)!;
    const department = sourceDepartments.get(key);
    if (!department || trail.has(key)) return null;
    trail.add(key);
    const found = existing.find((item) => item.name.toLowerCase() === department.name.toLowerCase());
    let id: number;
    if (found) id = found.id;
    else {
      const parentId = department.parentKey === null ? null : await departmentId(department.parentKey, trail);
      id = (await groups.create(actor, CreateGroupBody.parse({ name: department.name.slice(0, 254), parentId }))).id;
      existing.push({ id, name: department.name });
      report.departmentsCreated += 1;
    }
    resolved.set(key, id);
    return id;
  };

  const roleIds = await repository.listRoleIds(companyId);
  const users: CompanyUser[] = await repository.listUserKeys(companyId);
  const links = source.issuer ? await repository.listLinks(companyId, source.issuer) : new Map<string, number>();
  const seen = new Set<string>();

  /** One record's changes; answers what happened and to whom, or the reason it was skipped. */
  const syncUser = async (record: SourceUser): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; userId: number; email: string | null } | { reason: Reason }> => {
    if (record.skip) return { reason: record.skip };
    if (!record.userName) return because('ldapSkipNoUserName', { attribute: record.labels.userName });
    const userName = UserName.safeParse(record.userName);
    if (!userName.success) return because('ldapSkipBadUserName', { value: record.userName });
    const email = record.email === undefined ? undefined : UserEmail.safeParse(record.email);
    if (email && !email.success) return because('ldapSkipBadEmail', { value: record.email! });
    for (const key of [userName.data, email?.data].filter((value): value is string => Boolean(value)).map((value) => value.toLowerCase())) {
      if (seen.has(key)) return because('ldapSkipDuplicate', { value: key });
      seen.add(key);
    }
    const firstName = truncateText(record.firstName ?? userName.data, 64);
    const lastName = truncateText(record.lastName ?? '-', 64);
    const lowerName = userName.data.toLowerCase();
    const lowerEmail = email?.data.toLowerCase();
    const linkedId = record.subject === null ? undefined : links.get(record.subject);
    const match =
      (linkedId === undefined ? undefined : users.find((user) => user.id === linkedId)) ??
      users.find((user) => user.userName.toLowerCase() === lowerName) ??
      (lowerEmail ? users.find((user) => user.email?.toLowerCase() === lowerEmail) : undefined);
    const roleId = mappedRole(roleMapping, record.groups, roleIds);
    try {
      const departmentId_ = record.departmentKey === undefined ? null : await departmentId(record.departmentKey);
      if (!match) {
        if (!email) return because('ldapSkipNoEmail', { attribute: record.labels.email });
        const body = CreateUserBody.parse({ userName: userName.data, email: email.data, firstName, lastName, departmentId: departmentId_, ...(roleId === undefined ? {} : { roleId }) });
        const created = await directory.createUser(actor, body);
        users.push({ id: created.id, userName: created.userName, email: created.email });
        return { outcome: 'created', userId: created.id, email: created.email };
      }
      const current = await directory.getUser(companyId, match.id);
      const nextDepartmentId = departmentId_ ?? current.department?.id ?? null;
      const nextRoleId = roleId ?? current.role.id;
      const result = { userId: current.id, email: current.email };
      if (current.firstName === firstName && current.lastName === lastName && (current.department?.id ?? null) === nextDepartmentId && current.role.id === nextRoleId) {
        return { outcome: 'unchanged', ...result };
      }
      // Name, department and a mapped role only: status, password, e-mail and the rest stay as the console set them.
      await directory.updateUser(actor, {
        id: current.id,
        firstName,
        lastName,
        usercode: current.usercode,
        phone: current.phone,
        gender: current.gender,
        departmentId: nextDepartmentId,
        roleId: nextRoleId,
        locationId: current.location?.id ?? null,
        status: current.status,
      });
      return { outcome: 'updated', ...result };
    } catch (error) {
      if (error instanceof AppError) return fromError(error);
      throw error;
    }
  };

  for (const record of snapshot.users) {
    const result = await syncUser(record);
    if ('reason' in result) {
      report.skipped.push({ entry: record.entry, ...result.reason });
      continue;
    }
    if (result.outcome === 'created') report.usersCreated += 1;
    else if (result.outcome === 'updated') report.usersUpdated += 1;
    if (source.issuer && record.subject !== null && links.get(record.subject) !== result.userId) {
      await repository.link({ companyId, userId: result.userId, issuer: source.issuer, subject: record.subject, email: result.email, linkedAt: clock.now() });
      links.set(record.subject, result.userId);
    }
  }
  return report;
}
