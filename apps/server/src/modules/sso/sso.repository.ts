import { sql, type Kysely } from 'kysely';
import { WORK_CHAT_PROVIDERS, type Page, type SsoCandidate, type SsoCandidateQuery, type SsoMember, type SsoMemberKind, type SsoMemberListQuery, type SsoScope, type WorkChatProvider } from '@atrium/contract';
import { userMatches } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { namedOrNull } from '../../db/rows.js';

/** A company's stored setting, secret included: for the service only, never presented as is. */
export interface StoredSsoSetting {
  companyId: number;
  isEnabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  userNameClaim: string;
  scope: SsoScope;
  updatedAt: number;
}

export interface NewLoginState {
  stateHash: string;
  browserHash: string;
  companyId: number;
  nonce: string;
  codeVerifier: string;
  redirectTo: string;
  createdAt: number;
  expiresAt: number;
  /** The user whose account this flow links (/auth-add); absent for a sign-in. */
  linkUserId?: number | null;
  /** The work-chat provider this sign-in went to (decision 0024); absent for the company's OpenID provider. */
  provider?: WorkChatProvider | null;
}

export interface LoginState extends NewLoginState {
  id: number;
}

/** A user of the company as single sign-on sees them. */
export interface SsoUser {
  id: number;
  companyId: number;
  userName: string;
  fullName: string;
  email: string | null;
  isActive: boolean;
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;

export function createSsoRepository(db: Kysely<DB>) {
  const onList = (companyId: number, kind: SsoMemberKind) =>
    db
      .selectFrom('sso_members as m')
      .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'm.user_id').onRef('u.company_id', '=', 'm.company_id'))
      .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'))
      .where('m.company_id', '=', companyId)
      .where('m.kind', '=', kind);

  return {
    async findSetting(companyId: number): Promise<StoredSsoSetting | undefined> {
      const row = await db.selectFrom('sso_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
      if (!row) return undefined;
      return {
        companyId: row.company_id,
        isEnabled: row.is_enabled === 1,
        issuer: row.issuer,
        clientId: row.client_id,
        clientSecret: row.client_secret,
        userNameClaim: row.user_name_claim,
        scope: row.scope,
        updatedAt: row.updated_at,
      };
    },

    async saveSetting(setting: StoredSsoSetting): Promise<void> {
      const values = {
        is_enabled: setting.isEnabled ? (1 as const) : (0 as const),
        issuer: setting.issuer,
        client_id: setting.clientId,
        client_secret: setting.clientSecret,
        user_name_claim: setting.userNameClaim,
        scope: setting.scope,
        updated_at: setting.updatedAt,
      };
      await db
        .insertInto('sso_settings')
        .values({ company_id: setting.companyId, ...values })
        .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
        .execute();
    },

    /** Whether the user is on the company's list of that kind. */
    async isOnList(companyId: number, userId: number, kind: SsoMemberKind): Promise<boolean> {
      const row = await db
        .selectFrom('sso_members')
        .select('user_id')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Of `userIds`, those on the company's list of that kind. */
    async filterOnList(companyId: number, userIds: readonly number[], kind: SsoMemberKind): Promise<Set<number>> {
      if (!userIds.length) return new Set();
      const rows = await db
        .selectFrom('sso_members')
        .select('user_id')
        .where('company_id', '=', companyId)
        .where('kind', '=', kind)
        .where('user_id', 'in', [...userIds])
        .execute();
      return new Set(rows.map((row) => row.user_id));
    },

    async listMembers(companyId: number, query: SsoMemberListQuery): Promise<Page<SsoMember>> {
      let filtered = onList(companyId, query.kind);
      if (query.keyword) filtered = filtered.where(userMatches(query.keyword));
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .select(['u.id', 'u.user_name', 'u.full_name', 'u.email', 'u.is_active', 'u.is_sso', 'd.id as department_id', 'd.name as department_name', 'm.kind'])
            .orderBy('u.full_name')
            .orderBy('u.id')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row) => ({
          userId: row.id,
          userName: row.user_name,
          fullName: row.full_name,
          email: row.email,
          department: namedOrNull(row.department_id, row.department_name),
          kind: row.kind,
          isActive: row.is_active === 1,
          isSso: row.is_sso === 1,
        }),
      );
    },

    /** Company users by name, with the lists each is on. */
    async listCandidates(companyId: number, query: SsoCandidateQuery): Promise<Page<SsoCandidate>> {
      let filtered = db
        .selectFrom('users as u')
        .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'))
        .where('u.company_id', '=', companyId);
      if (query.keyword) filtered = filtered.where(userMatches(query.keyword));
      const onList = (kind: SsoMemberKind) =>
        sql<number>`(select count(*) from sso_members m where m.company_id = u.company_id and m.user_id = u.id and m.kind = ${kind})`;
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .select(['u.id', 'u.user_name', 'u.full_name', 'u.email', 'u.is_active', 'u.is_sso', 'd.id as department_id', 'd.name as department_name'])
            .select([onList('member').as('member_count'), onList('exception').as('exception_count')])
            .orderBy('u.full_name')
            .orderBy('u.id')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row) => ({
          userId: row.id,
          userName: row.user_name,
          fullName: row.full_name,
          email: row.email,
          department: namedOrNull(row.department_id, row.department_name),
          isActive: row.is_active === 1,
          isSso: row.is_sso === 1,
          isMember: Number(row.member_count) > 0,
          isException: Number(row.exception_count) > 0,
        }),
      );
    },

    /** Puts users on a list; those already there stay as they are. */
    async addMembers(companyId: number, userIds: readonly number[], kind: SsoMemberKind, now: number): Promise<void> {
      if (!userIds.length) return;
      await db
        .insertInto('sso_members')
        .values(userIds.map((userId) => ({ company_id: companyId, user_id: userId, kind, created_at: now })))
        .onConflict((oc) => oc.columns(['company_id', 'kind', 'user_id']).doNothing())
        .execute();
    },

    async removeMembers(companyId: number, userIds: readonly number[], kind: SsoMemberKind): Promise<void> {
      if (!userIds.length) return;
      await db.deleteFrom('sso_members').where('company_id', '=', companyId).where('kind', '=', kind).where('user_id', 'in', [...userIds]).execute();
    },

    /** The users among `ids` that belong to the company. */
    async findUsersByIds(companyId: number, ids: readonly number[]): Promise<SsoUser[]> {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('users')
        .select(['id', 'company_id', 'user_name', 'full_name', 'email', 'is_active'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map(presentCandidate);
    },

    /** The company's user whose user name or e-mail is `name`, ignoring case; a user-name match wins. */
    async findUserByName(companyId: number, name: string): Promise<SsoUser | undefined> {
      const lower = name.trim().toLowerCase();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'company_id', 'user_name', 'user_name_lower', 'full_name', 'email', 'is_active'])
        .where('company_id', '=', companyId)
        .where((eb) => eb.or([eb('user_name_lower', '=', lower), eb('email_lower', '=', lower)]))
        .limit(2)
        .execute();
      const row = rows.find((candidate) => candidate.user_name_lower === lower) ?? rows[0];
      return row && presentCandidate(row);
    },

    /** The user with this e-mail anywhere in the installation (e-mails are unique). */
    async findUserByEmail(email: string): Promise<SsoUser | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'company_id', 'user_name', 'full_name', 'email', 'is_active'])
        .where('email_lower', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row && presentCandidate(row);
    },

    async findCompanyByDomain(domain: string): Promise<{ id: number; domain: string | null } | undefined> {
      return db
        .selectFrom('companies')
        .select(['id', 'domain'])
        .where(sql<boolean>`lower(domain) = ${domain.trim().toLowerCase()}`)
        .executeTakeFirst();
    },

    async findCompany(companyId: number): Promise<{ id: number; name: string; domain: string | null } | undefined> {
      return db.selectFrom('companies').select(['id', 'name', 'domain']).where('id', '=', companyId).executeTakeFirst();
    },

    /** The company's user an identity at `issuer` is linked to. */
    async findLinkedUser(companyId: number, issuer: string, subject: string): Promise<SsoUser | undefined> {
      const row = await db
        .selectFrom('external_identities')
        .innerJoin('users', (join) => join.onRef('users.id', '=', 'external_identities.user_id').onRef('users.company_id', '=', 'external_identities.company_id'))
        .select(['users.id', 'users.company_id', 'users.user_name', 'users.full_name', 'users.email', 'users.is_active'])
        .where('external_identities.company_id', '=', companyId)
        .where('external_identities.issuer', '=', issuer)
        .where('external_identities.subject', '=', subject)
        .executeTakeFirst();
      return row && presentCandidate(row);
    },

    /** Links the user to a subject at `issuer`, replacing the link they had there. */
    async linkIdentity(identity: { companyId: number; userId: number; issuer: string; subject: string; email: string | null; linkedAt: number }): Promise<void> {
      await db.deleteFrom('external_identities').where('company_id', '=', identity.companyId).where('user_id', '=', identity.userId).where('issuer', '=', identity.issuer).execute();
      await db
        .insertInto('external_identities')
        .values({ company_id: identity.companyId, user_id: identity.userId, issuer: identity.issuer, subject: identity.subject, email: identity.email, linked_at: identity.linkedAt })
        .execute();
    },

    async listIdentities(companyId: number, userId: number): Promise<{ issuer: string; email: string | null; linkedAt: number }[]> {
      const rows = await db
        .selectFrom('external_identities')
        .select(['issuer', 'email', 'linked_at'])
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .orderBy('linked_at')
        .execute();
      return rows.map((row) => ({ issuer: row.issuer, email: row.email, linkedAt: row.linked_at }));
    },

    async unlinkIdentity(companyId: number, userId: number, issuer: string): Promise<boolean> {
      const deleted = await db.deleteFrom('external_identities').where('company_id', '=', companyId).where('user_id', '=', userId).where('issuer', '=', issuer).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    /** Whether the user has signed in through the company's provider (the `is_sso` mark). */
    async isUserSso(companyId: number, userId: number): Promise<boolean> {
      const row = await db.selectFrom('users').select('is_sso').where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
      return row?.is_sso === 1;
    },

    async markUserSso(companyId: number, userId: number, now: number): Promise<void> {
      await db.updateTable('users').set({ is_sso: 1, updated_at: now }).where('company_id', '=', companyId).where('id', '=', userId).execute();
    },

    async insertLoginState(state: NewLoginState): Promise<void> {
      await db
        .insertInto('sso_login_states')
        .values({
          state_hash: state.stateHash,
          browser_hash: state.browserHash,
          company_id: state.companyId,
          nonce: state.nonce,
          code_verifier: state.codeVerifier,
          redirect_to: state.redirectTo,
          created_at: state.createdAt,
          expires_at: state.expiresAt,
          link_user_id: state.linkUserId ?? null,
          provider: state.provider ?? null,
        })
        .execute();
    },

    /**
     * Takes a pending sign-in out of the table: the delete that finds it wins, so a state is used
     * at most once even when two processes receive the same callback.
     */
    async takeLoginState(stateHash: string): Promise<LoginState | undefined> {
      const row = await db.selectFrom('sso_login_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
      if (!row) return undefined;
      const deleted = await db.deleteFrom('sso_login_states').where('id', '=', row.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return undefined;
      return {
        id: row.id,
        stateHash: row.state_hash,
        browserHash: row.browser_hash,
        companyId: row.company_id,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
        redirectTo: row.redirect_to,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        linkUserId: row.link_user_id,
        provider: WORK_CHAT_PROVIDERS.find((provider) => provider === row.provider) ?? null,
      };
    },

    /** Removes sign-ins that were never finished; run when a new one starts, so no job is needed. */
    async deleteExpiredLoginStates(now: number): Promise<void> {
      await db.deleteFrom('sso_login_states').where('expires_at', '<=', now).execute();
    },

    async insertMailLink(link: { companyId: number; userId: number; tokenHash: string; expiresAt: number; createdAt: number }): Promise<void> {
      await db
        .insertInto('sso_mail_links')
        .values({ company_id: link.companyId, user_id: link.userId, token_hash: link.tokenHash, expires_at: link.expiresAt, created_at: link.createdAt })
        .execute();
    },

    /** Takes a mail link out of the table (single use); undefined when unknown or already used. */
    async takeMailLink(tokenHash: string): Promise<{ companyId: number; userId: number; expiresAt: number } | undefined> {
      const row = await db.selectFrom('sso_mail_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!row) return undefined;
      const deleted = await db.deleteFrom('sso_mail_links').where('id', '=', row.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return undefined;
      return { companyId: row.company_id, userId: row.user_id, expiresAt: row.expires_at };
    },

    async deleteExpiredMailLinks(now: number): Promise<void> {
      await db.deleteFrom('sso_mail_links').where('expires_at', '<=', now).execute();
    },
  };
}

function presentCandidate(row: { id: number; company_id: number; user_name: string; full_name: string; email: string | null; is_active: 0 | 1 }): SsoUser {
  return { id: row.id, companyId: row.company_id, userName: row.user_name, fullName: row.full_name, email: row.email, isActive: row.is_active === 1 };
}
