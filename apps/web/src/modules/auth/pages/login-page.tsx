// Icons by module path, not from the barrel: vite.config.ts groups this page's route from its import graph.
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import type { LoginResult } from '@atrium/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api';
import { DEPLOYMENT_PROFILE_KEY } from '../../../shared/deployment/deployment.api';
import { preferencesStore } from '../../../shared/preferences/preferences-store';
import { safeRedirect } from '../../../shared/session/redirect';
import { REGISTRATION_STATUS_KEY, useRegistrationStatus } from '../../registration/api/registration.api';
import { LoginForm } from '../components/login-form';
import { LoginLayout } from '../components/login-layout';
import { useProfileSignIn } from '../components/use-profile-sign-in';
import { WorkChatSignIn } from '../components/work-chat-sign-in';

// The forced password change is rare: its form loads when needed, not with every sign-in page (issue 19).
const ChangeDefaultPasswordForm = lazy(() => import('../components/change-default-password-form').then((m) => ({ default: m.ChangeDefaultPasswordForm })));

/** Router state that opens the sign-in page on the change form (a session that must change its password). */
export interface LoginPageState {
  changePassword?: boolean;
  /** The change is due to the password's expiry, not a first sign-in. */
  passwordExpired?: boolean;
  userName?: string;
  /** A success message to show above the sign-in form (after an account activation). */
  notice?: string;
}

type Step = { kind: 'sign-in'; notice?: string } | { kind: 'change'; isExpired?: boolean };

/**
 * /login: sign-in, and the forced password change of a first sign-in. Plain markup: the first page of
 * every new visitor loads no antd (issue 19); the rare change form brings antd with it.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = (useLocation().state ?? null) as LoginPageState | null;
  const [step, setStep] = useState<Step>(
    state?.changePassword
      ? { kind: 'change', isExpired: state.passwordExpired === true }
      : { kind: 'sign-in', ...(state?.notice ? { notice: state.notice } : {}) },
  );
  const [userName, setUserName] = useState(state?.userName ?? '');
  const queryClient = useQueryClient();
  const registration = useRegistrationStatus();

  useEffect(() => {
    // A new session starts here: nothing cached for the previous one may show in it, and the
    // previous user's theme and tabs are not this page's.
    // The registration status is the installation's, not the session's: this page shows it.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== REGISTRATION_STATUS_KEY[0] && query.queryKey[0] !== DEPLOYMENT_PROFILE_KEY[0] });
    preferencesStore.deactivate();
  }, [queryClient]);

  const signedIn = (result: LoginResult, typedName: string) => {
    setUserName(typedName);
    if (result.isDefaultPassword) {
      setStep({ kind: 'change' });
      return;
    }
    if (result.passwordExpired) {
      // The session may only change the password (1010 elsewhere): the same form as a first sign-in.
      setStep({ kind: 'change', isExpired: true });
      return;
    }
    void navigate(safeRedirect(params.get('redirect')) ?? '/', { replace: true });
  };

  useProfileSignIn({ isArrival: state === null, redirect: safeRedirect(params.get('redirect')), onSignedIn: (result) => signedIn(result, result.userName) });

  const redirect = safeRedirect(params.get('redirect'));
  const ssoPath = redirect ? `/login-sso?${new URLSearchParams({ redirect }).toString()}` : '/login-sso';

  const backToSignIn = () => {
    // The half-open session of a first sign-in is of no use any more.
    api.get('/logout', { notify: false }).catch(() => undefined);
    setStep({ kind: 'sign-in' });
  };

  return (
    <LoginLayout testId="page-login">
      <div className="atrium-login-card">
        <h1>{step.kind === 'change' ? t('auth.changePassword.title') : t('auth.login.welcome')}</h1>
        {step.kind === 'sign-in' ? <p className="atrium-login-subtitle">{t('auth.login.subtitle')}</p> : null}
        {step.kind === 'change' ? (
          <Suspense fallback={null}>
            <ChangeDefaultPasswordForm
              userName={userName}
              reason={step.isExpired ? 'expired' : 'initial'}
              onChanged={() => setStep({ kind: 'sign-in', notice: t('auth.changePassword.success') })}
              onBack={backToSignIn}
            />
          </Suspense>
        ) : (
          <>
            <LoginForm key={userName} initialUserName={userName} notice={step.notice} onSignedIn={signedIn} />
            <div className="atrium-login-links">
              <Link to="/retrieve" data-testid="login-forgot">
                {t('auth.login.forgotPassword')}
              </Link>
              {registration.data?.isOpen ? (
                <span>
                  {t('auth.login.noAccount')}{' '}
                  <Link to="/register" data-testid="login-register">
                    {t('auth.login.createCompany')}
                  </Link>
                </span>
              ) : null}
            </div>
            <div className="atrium-login-alt-divider">{t('auth.login.or')}</div>
            <Link to={ssoPath} className="atrium-plain-button atrium-plain-button-block" data-testid="login-sso-link">
              <KeyOutlined />
              {t('auth.login.ssoLink')}
            </Link>
            <WorkChatSignIn domain={params.get('domain')} redirect={redirect} params={params} onSignedIn={(result) => signedIn(result, result.userName)} />
          </>
        )}
      </div>
    </LoginLayout>
  );
}
