import { describe, expect, it } from 'vitest';
import { passwordChangeProblems } from './password-rules';

describe('passwordChangeProblems', () => {
  it('requires every field', () => {
    expect(passwordChangeProblems({}, true)).toEqual({
      oldPassword: 'common.password.oldRequired',
      newPassword: 'common.password.required',
      confirmPassword: 'common.password.confirmRequired',
    });
    expect(passwordChangeProblems({}, false)).not.toHaveProperty('oldPassword');
  });

  it('refuses spaces anywhere in the new password', () => {
    expect(passwordChangeProblems({ newPassword: 'two words', confirmPassword: 'two words' }, false)).toEqual({
      newPassword: 'common.password.spaces',
    });
    expect(passwordChangeProblems({ newPassword: ' lead', confirmPassword: ' lead' }, false).newPassword).toBe('common.password.spaces');
  });

  it('needs the confirmation to match', () => {
    expect(passwordChangeProblems({ newPassword: 'Brand-new-1', confirmPassword: 'Brand-new-2' }, false)).toEqual({
      confirmPassword: 'common.password.mismatch',
    });
  });

  it('needs the new password to differ from the old one', () => {
    expect(passwordChangeProblems({ oldPassword: 'Same-1', newPassword: 'Same-1', confirmPassword: 'Same-1' }, true)).toEqual({
      newPassword: 'common.password.sameAsOld',
    });
  });

  it('accepts a good change', () => {
    expect(passwordChangeProblems({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-1', confirmPassword: 'New-pass-1' }, true)).toEqual({});
  });
});
