import type { CompanyIndustry, CompanySizeBand } from '@atrium/contract';

/** What the registration wizard has collected so far. */
export interface WizardState {
  email: string | null;
  /** When the last code was sent (epoch ms), for the resend countdown. */
  codeSentAt: number | null;
  /** Answered for the right code; kept in memory only. */
  registrationToken: string | null;
  /** Kept in memory only, until the company is created. */
  password: string | null;
  industry: CompanyIndustry | null;
  size: CompanySizeBand | null;
}

export const EMPTY_WIZARD: WizardState = { email: null, codeSentAt: null, registrationToken: null, password: null, industry: null, size: null };

export const WIZARD_STEPS = ['email', 'code', 'password', 'type', 'company'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The page of each step (spec 000 section 2, Registration). */
export const WIZARD_PATHS: Record<WizardStep, string> = {
  email: '/register',
  code: '/register-code',
  password: '/register-pwd',
  type: '/register-type',
  company: '/create',
};

/** The furthest step the state allows: a step needs everything the steps before it collect. */
export function furthestStep(state: WizardState): WizardStep {
  if (!state.email) return 'email';
  if (!state.registrationToken) return 'code';
  if (!state.password) return 'password';
  if (!state.industry || !state.size) return 'type';
  return 'company';
}

/**
 * Where a visit to `step` should go instead, or null when it may show: after a reload the token
 * and the password are gone, so the wizard goes back to the code (the address survives) or the start.
 */
export function redirectFor(step: WizardStep, state: WizardState): string | null {
  const furthest = furthestStep(state);
  return WIZARD_STEPS.indexOf(step) > WIZARD_STEPS.indexOf(furthest) ? WIZARD_PATHS[furthest] : null;
}

/** Seconds left before another code may be asked for, from the time of the last one. */
export function resendSecondsLeft(codeSentAt: number | null, now: number, resendSeconds: number): number {
  if (codeSentAt === null) return 0;
  return Math.max(0, Math.ceil((codeSentAt + resendSeconds * 1000 - now) / 1000));
}
