import {
  checkNewPassword,
  menuForPermissions,
  MENU_CATALOGUE,
  ReturnCode,
  type CurrentUserInfo,
  type MenuEntry,
  type MenuNode,
  type UpdateDefaultPasswordBody,
  type UpdateUserPasswordBody,
  withoutApplications,
  withBranchMenu,
} from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import type { AuthContext } from '../../platform/access.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, refused, refusedPassword, sessionInvalid } from '../../platform/errors.js';
import type { PasswordHasher } from '../../platform/password.js';
import type { LoginThrottle } from '../session/login-throttle.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import { isPasswordExpired } from './password.policy.js';
import { presentCurrentUser } from './user.presenter.js';
import type { UserRepository } from './user.repository.js';

export interface UserServiceDeps {
  users: UserRepository;
  settings: SettingsRepository;
  throttle: LoginThrottle;
  hasher: PasswordHasher;
  clock: Clock;
  transact: Transact;
  /** The menu catalogue; tests pass one with every page built. */
  menuCatalogue?: MenuNode[];
}

export type UserService = ReturnType<typeof createUserService>;

export function createUserService({
  users,
  settings,
  throttle,
  hasher,
  clock,
  transact,
  menuCatalogue = MENU_CATALOGUE,
}: UserServiceDeps) {
  async function loadCredentials(auth: AuthContext) {
    const credentials = await users.findCredentials(auth.companyId, auth.userId);
    // The guard saw an active user a moment ago; a vanished row means the session is over.
    if (!credentials) throw sessionInvalid();
    return credentials;
  }

  return {
    /**
     * The caller's own profile, read with the session (the route declares `readsProfile`): a
     * signed-in read costs that one query.
     */
    async getCurrentUserInfo(auth: AuthContext): Promise<CurrentUserInfo> {
      const profile = auth.profile ?? (await users.findProfile(auth.companyId, auth.userId));
      if (!profile) throw sessionInvalid();
      const expired = isPasswordExpired(auth.passwordPolicy, profile.passwordChangedAt ?? profile.createdAt, clock.now());
      return presentCurrentUser(profile, auth, expired);
    },

    /**
     * The menu of the caller's role, from the role's permissions as they are now, without the
     * entries of applications the company switched off and of those its branch does not offer (all
     * read with the session).
     */
    getMenu(auth: AuthContext): MenuEntry[] {
      return menuForPermissions(auth.permissions, withBranchMenu(withoutApplications(menuCatalogue, auth.switchedOffApplications), auth.branchMenuKeys));
    },

    /**
     * The first-sign-in change. Only a session that must change its password may use it (it asks no
     * old password). Afterwards every session of the user ends: they sign in again.
     */
    async updateDefaultPassword(auth: AuthContext, body: UpdateDefaultPasswordBody): Promise<void> {
      if (!auth.mustChangePassword) throw refused('passwordChangeNotRequired');
      const policy = await settings.getPasswordPolicy(auth.companyId);
      const problem = checkNewPassword(body.newPassword, policy, body.confirmPassword);
      if (problem) throw refusedPassword(problem);
      const credentials = await loadCredentials(auth);
      if (await hasher.verify(credentials.passwordHash, body.newPassword)) throw refused('passwordSameAsOld');
      const passwordHash = await hasher.hash(body.newPassword);
      const now = clock.now();
      await transact(async ({ users: usersInTransaction, sessions }) => {
        await usersInTransaction.setPassword(auth.companyId, auth.userId, passwordHash, now);
        await sessions.revokeUserSessions(auth.companyId, auth.userId, now);
      });
    },

    /**
     * A signed-in user changes their password. A wrong old password counts as a failed sign-in of
     * the account from the caller's address, so the form cannot be used to guess it. Other sessions
     * end; this one stays.
     */
    async updateUserPassword(auth: AuthContext, body: UpdateUserPasswordBody, address: string): Promise<void> {
      const policy = await settings.getPasswordPolicy(auth.companyId);
      const problem = checkNewPassword(body.newPassword, policy, body.confirmPassword);
      if (problem) throw refusedPassword(problem);
      const credentials = await loadCredentials(auth);
      const attempt = await throttle.begin({ account: credentials.userNameLower, address });
      if (!(await hasher.verify(credentials.passwordHash, body.oldPassword))) {
        throw new AppError(ReturnCode.REFUSED, 'wrongOldPassword', {}, null, { statusCode: 400 });
      }
      await throttle.succeed(attempt);
      if (body.newPassword === body.oldPassword) throw refused('passwordSameAsOld');
      const passwordHash = await hasher.hash(body.newPassword);
      const now = clock.now();
      await transact(async ({ users: usersInTransaction, sessions }) => {
        await usersInTransaction.setPassword(auth.companyId, auth.userId, passwordHash, now);
        await sessions.revokeUserSessions(auth.companyId, auth.userId, now, auth.sessionId);
      });
    },
  };
}
