import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from './limits.js';
import { checkNewPassword, PasswordPolicy } from './password.js';

const strict: PasswordPolicy = {
  minLength: 10,
  expiryDays: 90,
  needsUppercase: true,
  needsLowercase: true,
  needsNumber: true,
  needsSpecial: true,
};

describe('checkNewPassword', () => {
  it('accepts a password that meets the default policy', () => {
    expect(checkNewPassword('longenough', DEFAULT_PASSWORD_POLICY)).toBeNull();
  });

  it('checks the confirmation first, then spaces, then the policy in order', () => {
    expect(checkNewPassword('a b', strict, 'different')).toEqual({ key: 'passwordsDoNotMatch' });
    expect(checkNewPassword('a b', strict, 'a b')).toEqual({ key: 'passwordHasSpaces' });
    expect(checkNewPassword('tab\there12', DEFAULT_PASSWORD_POLICY)).toEqual({ key: 'passwordHasSpaces' });
    expect(checkNewPassword('Short1!', strict)).toEqual({ key: 'passwordTooShort', params: { min: 10 } });
    expect(checkNewPassword('lowercase1!', strict)).toEqual({ key: 'passwordNeedsUppercase' });
    expect(checkNewPassword('UPPERCASE1!', strict)).toEqual({ key: 'passwordNeedsLowercase' });
    expect(checkNewPassword('NoNumbers!!', strict)).toEqual({ key: 'passwordNeedsNumber' });
    expect(checkNewPassword('NoSpecial12', strict)).toEqual({ key: 'passwordNeedsSpecial' });
    expect(checkNewPassword('Complete-12', strict, 'Complete-12')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkNewPassword('😀😀😀😀😀😀😀', DEFAULT_PASSWORD_POLICY)).toEqual({ key: 'passwordTooShort', params: { min: 8 } });
  });

  it('accepts only the spec expiry choices in a stored policy', () => {
    expect(PasswordPolicy.safeParse({ ...strict, expiryDays: 45 }).success).toBe(false);
    expect(PasswordPolicy.safeParse({ ...strict, expiryDays: null }).success).toBe(true);
  });
});
