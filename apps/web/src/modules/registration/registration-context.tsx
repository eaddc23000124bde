import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { EMPTY_WIZARD, redirectFor, type WizardState, type WizardStep } from './wizard-steps';

/** The address and the code's time survive a reload (sessionStorage); the token and the password never leave memory. */
const STORAGE_KEY = 'atrium_register';

interface RegistrationContextValue {
  state: WizardState;
  update: (changes: Partial<WizardState>) => void;
  /** Forgets everything, to start over. */
  reset: () => void;
  /**
   * Forgets what survives a reload, once the company exists; the memory goes with the wizard's
   * pages (resetting it here would send the page back to /register before it leaves).
   */
  forgetSaved: () => void;
}

const RegistrationContext = createContext<RegistrationContextValue | null>(null);

function restore(): WizardState {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { email?: unknown; codeSentAt?: unknown } | null;
    return {
      ...EMPTY_WIZARD,
      email: typeof saved?.email === 'string' ? saved.email : null,
      codeSentAt: typeof saved?.codeSentAt === 'number' ? saved.codeSentAt : null,
    };
  } catch {
    return EMPTY_WIZARD;
  }
}

function persist(state: WizardState) {
  try {
    if (state.email) sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ email: state.email, codeSentAt: state.codeSentAt }));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode): the wizard then simply starts over after a reload.
  }
}

export function RegistrationProvider({ children, initial }: { children: ReactNode; initial?: Partial<WizardState> }) {
  const [state, setState] = useState<WizardState>(() => ({ ...restore(), ...initial }));
  const update = useCallback((changes: Partial<WizardState>) => {
    setState((current) => {
      const next = { ...current, ...changes };
      persist(next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    persist(EMPTY_WIZARD);
    setState(EMPTY_WIZARD);
  }, []);
  const forgetSaved = useCallback(() => persist(EMPTY_WIZARD), []);
  const value = useMemo(() => ({ state, update, reset, forgetSaved }), [state, update, reset, forgetSaved]);
  return <RegistrationContext.Provider value={value}>{children}</RegistrationContext.Provider>;
}

/** The wizard's pages share one provider: the parent route of /register … /create. */
export function RegistrationLayout() {
  return (
    <RegistrationProvider>
      <Outlet />
    </RegistrationProvider>
  );
}

export function useRegistration(): RegistrationContextValue {
  const value = useContext(RegistrationContext);
  if (!value) throw new Error('useRegistration needs a RegistrationProvider');
  return value;
}

/** Renders the page of `step`, or sends the visitor to the step they have reached. */
export function WizardGuard({ step, children }: { step: WizardStep; children: ReactNode }) {
  const { state } = useRegistration();
  const target = redirectFor(step, state);
  return target ? <Navigate to={target} replace /> : children;
}
