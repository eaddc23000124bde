import type { LoginResult } from '@atrium/contract';
import { presentUserSummary } from '../user/user.presenter.js';
import type { SignedIn } from './session.service.js';

/** The sign-in answer; the summary's fields assigned, not spread (see presentCurrentUser). */
export function presentLogin(signedIn: SignedIn): LoginResult {
  return Object.assign(presentUserSummary(signedIn.profile), {
    token: signedIn.token,
    isDefaultPassword: signedIn.isDefaultPassword,
    passwordExpired: signedIn.passwordExpired,
  });
}
