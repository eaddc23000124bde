import type { LoginResult } from '@atrium/contract';
import { presentUserSummary } from '../user/user.presenter.js';
import type { SignedIn } from './session.service.js';

export function presentLogin(signedIn: SignedIn): LoginResult {
  return {
    ...presentUserSummary(signedIn.profile),
    token: signedIn.token,
    isDefaultPassword: signedIn.isDefaultPassword,
    passwordExpired: signedIn.passwordExpired,
  };
}
