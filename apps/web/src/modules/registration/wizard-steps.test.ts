import { describe, expect, it } from 'vitest';
import { EMPTY_WIZARD, furthestStep, redirectFor, resendSecondsLeft, type WizardState } from './wizard-steps';

const complete: WizardState = {
  email: 'ada@startup.test',
  codeSentAt: 1_000,
  registrationToken: 'token',
  password: 'Fresh-Start-2026',
  industry: 'Technology',
  size: '6-10',
};

describe('registration wizard steps', () => {
  it('reaches each step only with what the steps before it collect', () => {
    expect(furthestStep(EMPTY_WIZARD)).toBe('email');
    expect(furthestStep({ ...EMPTY_WIZARD, email: 'ada@startup.test' })).toBe('code');
    expect(furthestStep({ ...complete, password: null, industry: null, size: null })).toBe('password');
    expect(furthestStep({ ...complete, size: null })).toBe('type');
    expect(furthestStep(complete)).toBe('company');
  });

  it('sends a reload in the middle back to the code (the address survives) or to the start', () => {
    // After a reload only the address and the code's time are restored.
    const reloaded: WizardState = { ...EMPTY_WIZARD, email: complete.email, codeSentAt: complete.codeSentAt };
    expect(redirectFor('company', reloaded)).toBe('/register-code');
    expect(redirectFor('password', reloaded)).toBe('/register-code');
    expect(redirectFor('code', reloaded)).toBeNull();
    expect(redirectFor('type', EMPTY_WIZARD)).toBe('/register');
    // Going back is always allowed.
    expect(redirectFor('email', complete)).toBeNull();
    expect(redirectFor('company', complete)).toBeNull();
  });

  it('counts the resend wait down from the last code', () => {
    expect(resendSecondsLeft(null, 5_000, 60)).toBe(0);
    expect(resendSecondsLeft(0, 0, 60)).toBe(60);
    expect(resendSecondsLeft(0, 59_001, 60)).toBe(1);
    expect(resendSecondsLeft(0, 60_000, 60)).toBe(0);
  });
});
