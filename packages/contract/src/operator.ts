import { z } from 'zod';
import { COOKIE_PREFIX, PASSWORD_MAX, TEXT_MAX } from './limits.js';

/**
 * Operators (issue 23; decision 0021, "Operator area"): the people who run an installation. They are
 * no company's users: their own accounts and sessions, which only the boss area (`/api/boss/*`)
 * accepts, while company sessions are refused there.
 */

/** The operator's session cookie: separate from a company session's, so one browser may hold both. */
export const OPERATOR_COOKIE = `${COOKIE_PREFIX}operator_token`;

/** Where an operator signs in, in the console. */
export const OPERATOR_LOGIN_PATH = '/boss/login';

/** `POST /boss/login` body. */
export const OperatorLoginBody = z.object({
  userName: z.string().trim().min(1).max(TEXT_MAX).describe("The operator's account name"),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type OperatorLoginBody = z.infer<typeof OperatorLoginBody>;

/** The signed-in operator. */
export const OperatorProfile = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
});
export type OperatorProfile = z.infer<typeof OperatorProfile>;

/** `POST /boss/login` result: the token (also set as an HttpOnly cookie) and who signed in. */
export const OperatorLoginResult = z.object({
  token: z.string(),
  operator: OperatorProfile,
});
export type OperatorLoginResult = z.infer<typeof OperatorLoginResult>;
