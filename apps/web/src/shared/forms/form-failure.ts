import { ReturnCode } from '@atrium/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '../api/api-client';

/**
 * One message per field and per failure (issue 17): a failed save is said once, on the fields it
 * names or once for the whole form, never as a field error plus a toast. A form passes `claim` with
 * its request (api-client `RequestOptions.claim`): what the form places, the client does not toast.
 */

/** Where one failure goes: messages under fields, or one message for the form (at most one of them). */
export interface FailurePlacement<F extends string> {
  fields: Partial<Record<F, string>>;
  form: string | null;
}

export interface FailureTarget<F extends string> {
  /** The request's field (first segment of a refused path: `participants.0.email`) → the form's field. */
  paths: Partial<Record<string, F>>;
  /** The text under a field a 400 refused, in the reader's language (a 400's own texts are the schema's, in English). */
  refusedText: (field: F) => string;
  /** Whether the form says the other failures itself (in its alert); false leaves them to the one toast. */
  showsOthers: boolean;
}

/**
 * The request fields an answer refused, first segment each: a 400's `result.issues[].path`, or the
 * one field a refusal names (`result.field`: a user name or domain already in use).
 */
export function refusedFields(error: ApiError): string[] {
  const result = error.result as { issues?: Array<{ path?: unknown }>; field?: unknown } | null;
  if (typeof result?.field === 'string') return [result.field];
  if (!Array.isArray(result?.issues)) return [];
  return result.issues.map((issue) => (typeof issue.path === 'string' ? (issue.path.split('.')[0] ?? '') : '')).filter(Boolean);
}

/**
 * Where a failure goes: one whose refused fields are all the form's (a 400's, or the field a
 * refusal names) goes under those fields; any other goes to the form's alert when it has one. Null:
 * the form leaves it to the toast. A cancelled request or a lost session (the client sends the user
 * to sign in) is never placed.
 */
export function placeFailure<F extends string>(error: unknown, target: FailureTarget<F>): FailurePlacement<F> | null {
  if (!(error instanceof ApiError) || error.kind === 'cancelled' || error.kind === 'sign-in') return null;
  const refused = refusedFields(error);
  const fields = refused.map((path) => target.paths[path]).filter((field): field is F => field !== undefined);
  if (refused.length > 0 && fields.length === refused.length) {
    // A 400 says which fields in the schema's words: the form's own text goes there; a refusal's message is already the reader's.
    const text = (field: F) => (error.returncode === ReturnCode.BAD_REQUEST ? target.refusedText(field) : error.message);
    return { fields: Object.fromEntries(fields.map((field) => [field, text(field)])) as Partial<Record<F, string>>, form: null };
  }
  return target.showsOthers ? { fields: {}, form: error.message } : null;
}

/** A `claim` that shows what it places with `show` (state setters of a controlled form). */
export function claimFailure<F extends string>(target: FailureTarget<F>, show: (placement: FailurePlacement<F>) => void): (error: ApiError) => boolean {
  return (error) => {
    const placement = placeFailure(error, target);
    if (placement) show(placement);
    return placement !== null;
  };
}

/** A `claim` for an antd form: refused fields get their message through `form.setFields`; the rest is shown by `showForm` (or toasted). */
export function claimOnForm<F extends string>(
  form: FormInstance,
  target: Omit<FailureTarget<F>, 'showsOthers'>,
  showForm?: (message: string, error: ApiError) => void,
): (error: ApiError) => boolean {
  return (error) => {
    const placement = placeFailure(error, { ...target, showsOthers: showForm !== undefined });
    if (!placement) return false;
    const entries = Object.entries(placement.fields) as Array<[F, string]>;
    if (entries.length > 0) form.setFields(entries.map(([name, message]) => ({ name, errors: [message] })));
    if (placement.form !== null) showForm?.(placement.form, error);
    return true;
  };
}
