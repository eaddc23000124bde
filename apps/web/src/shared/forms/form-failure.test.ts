import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client';
import { placeFailure, type FailureTarget } from './form-failure';

type Field = 'title' | 'start' | 'domain';
const target = (showsOthers: boolean): FailureTarget<Field> => ({ paths: { title: 'title', startAt: 'start', domain: 'domain' }, refusedText: (field) => `check ${field}`, showsOthers });
const failure = (returncode: number, message: string, result: unknown = null, kind: ApiError['kind'] = 'toast-5s') => new ApiError(message, returncode, 400, kind, result);

describe('placeFailure: each failure said once (issue 17)', () => {
  it("puts a 400's refused fields under the form's fields, in the form's own words", () => {
    const bad = failure(1001, 'Bad request: title, startAt', { issues: [{ path: 'title', message: 'Too big' }, { path: 'startAt', message: 'Expected number' }] });
    expect(placeFailure(bad, target(true))).toEqual({ fields: { title: 'check title', start: 'check start' }, form: null });
  });

  it("puts a refusal that names its field there, in the server's words (already the reader's language)", () => {
    expect(placeFailure(failure(1003, 'This company domain is already in use', { field: 'domain' }), target(false))).toEqual({ fields: { domain: 'This company domain is already in use' }, form: null });
  });

  it("says anything else once in the form's alert, or leaves it to the toast when the form has none", () => {
    const clash = failure(1003, 'The room is taken by "Board"', { reservationId: 9 });
    expect(placeFailure(clash, target(true))).toEqual({ fields: {}, form: 'The room is taken by "Board"' });
    expect(placeFailure(clash, target(false))).toBeNull();
    // A field the form does not have: the whole failure goes to the alert, not half of it under a field.
    expect(placeFailure(failure(1001, 'Bad request: title, remarks', { issues: [{ path: 'title' }, { path: 'remarks' }] }), target(true))).toEqual({ fields: {}, form: 'Bad request: title, remarks' });
  });

  it('never places a cancelled request or a lost session', () => {
    expect(placeFailure(failure(2001, 'Sign in', null, 'sign-in'), target(true))).toBeNull();
    expect(placeFailure(new ApiError('cancelled', undefined, 0, 'cancelled'), target(true))).toBeNull();
    expect(placeFailure(new Error('boom'), target(true))).toBeNull();
  });
});
