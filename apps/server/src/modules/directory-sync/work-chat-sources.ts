import { isAcceptableText } from '@atrium/contract';
import { refused } from '../../platform/errors.js';
import { DIRECTORY_MAX_USERS, departmentGroups, splitDisplayName, type DirectorySnapshot, type DirectorySource, type SourceDepartment, type SourceUser } from './directory-source.js';
import { callProvider, hostOf, query, type WorkChatApp } from './work-chat-api.js';

/** The issuer a provider's people are linked under in `external_identities`. */
export function workChatIssuer(app: Pick<WorkChatApp, 'provider' | 'corpId' | 'appKey'>): string {
  return app.provider === 'dingtalk' ? `dingtalk:${app.appKey}` : `${app.provider}:${app.corpId}`;
}

/** A person as the provider lists them, before the sync's checks. */
interface ProviderPerson {
  id: string;
  subject: string;
  userName?: string;
  name?: string;
  email?: string;
  departmentKeys: string[];
  mainDepartmentKey?: string;
  isInactive: boolean;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The snapshot of a provider's departments and people; records breaking the text rule are skipped, naming the field. */
function snapshotOf(departments: SourceDepartment[], people: ProviderPerson[], labels: SourceUser['labels']): DirectorySnapshot {
  const byKey = new Map(departments.map((department) => [department.key, department]));
  const users = people.map((person): SourceUser => {
    const base: SourceUser = { entry: person.id, subject: person.subject, groups: [], labels };
    for (const [field, value] of Object.entries({ [labels.userName]: person.userName, [labels.email]: person.email, name: person.name })) {
      if (value !== undefined && !isAcceptableText(value)) return { ...base, skip: { key: 'ldapSkipBadText', params: { attribute: field } } };
    }
    if (person.isInactive) return { ...base, skip: { key: 'directorySyncSkipInactive', params: {} } };
    const departmentKey = [person.mainDepartmentKey, ...person.departmentKeys].find((key) => key !== undefined && byKey.has(key));
    return {
      ...base,
      ...(person.userName ? { userName: person.userName } : {}),
      ...(person.email ? { email: person.email } : {}),
      ...splitDisplayName(person.name ?? ''),
      ...(departmentKey ? { departmentKey } : {}),
      groups: departmentGroups(byKey, person.departmentKeys).filter((name) => isAcceptableText(name)),
    };
  });
  return { departments, users };
}

/** Adds people once each (a person in several departments is listed by each); refuses a directory too large to sync. */
function collect(into: Map<string, ProviderPerson>, people: ProviderPerson[]): void {
  for (const person of people) if (!into.has(person.id)) into.set(person.id, person);
  if (into.size > DIRECTORY_MAX_USERS) throw refused('workChatTooManyUsers', { max: DIRECTORY_MAX_USERS });
}

/**
 * WeCom (企业微信): `gettoken`, `department/list` (the whole tree; the root, parent 0, is the company
 * itself) and `user/list` per department.
 */
export function createWecomSource(app: WorkChatApp): DirectorySource {
  const api = hostOf(app, 'api');
  return {
    issuer: workChatIssuer(app),
    async read() {
      const { access_token: token } = await callProvider<{ access_token: string }>(`${api}/cgi-bin/gettoken?${query({ corpid: app.corpId, corpsecret: app.secret })}`);
      const { department = [] } = await callProvider<{ department?: Array<{ id: number; name: string; parentid: number }> }>(`${api}/cgi-bin/department/list?${query({ access_token: token })}`);
      const departments = department
        .filter((item) => item.parentid !== 0)
        .map((item) => ({ key: String(item.id), name: String(item.name), parentKey: department.some((parent) => parent.id === item.parentid && parent.parentid !== 0) ? String(item.parentid) : null }));
      const people = new Map<string, ProviderPerson>();
      for (const item of department) {
        const { userlist = [] } = await callProvider<{ userlist?: Array<Record<string, unknown>> }>(`${api}/cgi-bin/user/list?${query({ access_token: token, department_id: item.id })}`);
        collect(
          people,
          userlist.map((user) => ({
            id: String(user.userid),
            subject: String(user.userid),
            userName: text(user.userid),
            name: text(user.name),
            email: text(user.biz_mail) ?? text(user.email),
            departmentKeys: Array.isArray(user.department) ? user.department.map(String) : [],
            ...(user.main_department === undefined ? {} : { mainDepartmentKey: String(user.main_department) }),
            // 2: disabled, 5: left the company.
            isInactive: user.status === 2 || user.status === 5,
          })),
        );
      }
      return snapshotOf(departments, [...people.values()], { userName: 'userid', email: 'email' });
    },
  };
}

interface FeishuPage<T> {
  data?: { items?: T[]; has_more?: boolean; page_token?: string };
}

/**
 * Feishu (飞书): `tenant_access_token/internal`, `contact/v3/departments/0/children` (the whole tree,
 * paged) and `contact/v3/users/find_by_department` per department (paged), ids as open ids.
 */
export function createFeishuSource(app: WorkChatApp): DirectorySource {
  const api = hostOf(app, 'api');
  return {
    issuer: workChatIssuer(app),
    async read() {
      const { tenant_access_token: token } = await callProvider<{ tenant_access_token: string }>(`${api}/open-apis/auth/v3/tenant_access_token/internal`, {
        method: 'POST',
        body: { app_id: app.corpId, app_secret: app.secret },
      });
      const headers = { authorization: `Bearer ${token}` };
      const pages = async <T>(path: string, params: Record<string, string | number | boolean>): Promise<T[]> => {
        const items: T[] = [];
        let pageToken: string | undefined;
        do {
          const page = await callProvider<FeishuPage<T>>(`${api}${path}?${query({ ...params, page_size: 50, page_token: pageToken })}`, { headers });
          items.push(...(page.data?.items ?? []));
          pageToken = page.data?.has_more ? page.data.page_token : undefined;
        } while (pageToken);
        return items;
      };
      const tree = await pages<{ open_department_id: string; name: string; parent_department_id?: string }>('/open-apis/contact/v3/departments/0/children', {
        department_id_type: 'open_department_id',
        fetch_child: true,
      });
      const departments = tree.map((item) => ({ key: item.open_department_id, name: String(item.name), parentKey: item.parent_department_id && item.parent_department_id !== '0' ? item.parent_department_id : null }));
      const people = new Map<string, ProviderPerson>();
      for (const departmentId of ['0', ...departments.map((department) => department.key)]) {
        const users = await pages<Record<string, unknown>>('/open-apis/contact/v3/users/find_by_department', { department_id: departmentId, department_id_type: 'open_department_id' });
        collect(
          people,
          users.map((user) => {
            const status = (user.status ?? {}) as Record<string, unknown>;
            const email = text(user.enterprise_email) ?? text(user.email);
            return {
              id: String(user.open_id),
              subject: String(user.open_id),
              userName: text(user.user_id) ?? email,
              name: text(user.name),
              email,
              departmentKeys: Array.isArray(user.department_ids) ? user.department_ids.map(String) : [],
              isInactive: status.is_resigned === true || status.is_frozen === true,
            };
          }),
        );
      }
      return snapshotOf(departments, [...people.values()], { userName: 'user_id', email: 'enterprise_email' });
    },
  };
}

/** DingTalk's root department: the company itself. */
const DINGTALK_ROOT = 1;
/** The largest page `topapi/v2/user/list` serves. */
const DINGTALK_PAGE = 100;

/**
 * DingTalk (钉钉): `gettoken`, `topapi/v2/department/listsub` level by level from the root, and
 * `topapi/v2/user/list` per department (cursor paging); people are linked by union id, which sign-in answers.
 */
export function createDingtalkSource(app: WorkChatApp): DirectorySource {
  const api = hostOf(app, 'api');
  return {
    issuer: workChatIssuer(app),
    async read() {
      const { access_token: token } = await callProvider<{ access_token: string }>(`${api}/gettoken?${query({ appkey: app.appKey, appsecret: app.secret })}`);
      const at = (path: string) => `${api}${path}?${query({ access_token: token })}`;
      const departments: SourceDepartment[] = [];
      for (let level = [DINGTALK_ROOT]; level.length > 0; ) {
        const next: number[] = [];
        for (const parent of level) {
          const { result = [] } = await callProvider<{ result?: Array<{ dept_id: number; name: string; parent_id: number }> }>(at('/topapi/v2/department/listsub'), { method: 'POST', body: { dept_id: parent } });
          for (const item of result) {
            if (departments.some((department) => department.key === String(item.dept_id))) continue;
            departments.push({ key: String(item.dept_id), name: String(item.name), parentKey: item.parent_id === DINGTALK_ROOT ? null : String(item.parent_id) });
            next.push(item.dept_id);
          }
        }
        level = next;
      }
      const people = new Map<string, ProviderPerson>();
      for (const departmentId of [DINGTALK_ROOT, ...departments.map((department) => Number(department.key))]) {
        let cursor = 0;
        for (;;) {
          const { result } = await callProvider<{ result?: { list?: Array<Record<string, unknown>>; has_more?: boolean; next_cursor?: number } }>(at('/topapi/v2/user/list'), {
            method: 'POST',
            body: { dept_id: departmentId, cursor, size: DINGTALK_PAGE },
          });
          collect(
            people,
            (result?.list ?? []).map((user) => ({
              id: String(user.userid),
              subject: String(user.unionid ?? user.userid),
              userName: text(user.userid),
              name: text(user.name),
              email: text(user.org_email) ?? text(user.email),
              departmentKeys: Array.isArray(user.dept_id_list) ? user.dept_id_list.map(String) : [],
              isInactive: user.active === false,
            })),
          );
          if (!result?.has_more || typeof result.next_cursor !== 'number') break;
          cursor = result.next_cursor;
        }
      }
      return snapshotOf(departments, [...people.values()], { userName: 'userid', email: 'org_email' });
    },
  };
}

/** The directory source of a provider. */
export function createWorkChatSource(app: WorkChatApp): DirectorySource {
  if (app.provider === 'wecom') return createWecomSource(app);
  if (app.provider === 'feishu') return createFeishuSource(app);
  return createDingtalkSource(app);
}
