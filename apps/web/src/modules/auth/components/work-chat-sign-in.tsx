import type { LoginResult, WorkChatProvider } from '@atrium/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api';
import { fetchWorkChatProviders, signInWithAppCode } from '../api/auth.api';

/** DingTalk's JS API, when the page runs inside DingTalk with it loaded. */
interface DingtalkJsApi {
  getAuthCode?: (options: { corpId: string }) => Promise<{ code?: string; authCode?: string }>;
}

/** The in-app code: given in the address (`authCode`), or asked of DingTalk's JS API with the corp id. */
async function appCode(params: URLSearchParams, corpId: string): Promise<string | undefined> {
  const given = params.get('authCode');
  if (given) return given;
  const dd = (window as unknown as { dd?: DingtalkJsApi }).dd;
  const answer = await dd?.getAuthCode?.({ corpId });
  return answer?.code ?? answer?.authCode;
}

export interface WorkChatSignInProps {
  /** The company domain of the address (`/login?domain=`): its work-chat apps are offered. */
  domain: string | null;
  redirect: string | null;
  params: URLSearchParams;
  onSignedIn: (result: LoginResult) => void;
}

/**
 * The sign-in page's work-chat options (decision 0024): a button per app the company offers, and the
 * corpId start-up sign-in of a console opened inside a work-chat app (`?corpId=&domain=`). Plain
 * markup: the sign-in page loads no antd.
 */
export function WorkChatSignIn({ domain, redirect, params, onSignedIn }: WorkChatSignInProps) {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<WorkChatProvider[]>([]);
  const [appState, setAppState] = useState<'idle' | 'working' | 'failed'>('idle');
  const [startError, setStartError] = useState<string | null>(null);
  const started = useRef(false);
  const corpId = params.get('corpId');
  const authType = Number(params.get('authType') ?? '3');

  useEffect(() => {
    if (!domain) return;
    let isCurrent = true;
    fetchWorkChatProviders(domain)
      .then(({ providers: offered }) => isCurrent && setProviders(offered))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [domain]);

  useEffect(() => {
    if (!corpId || !domain || started.current) return;
    started.current = true;
    setAppState('working');
    appCode(params, corpId)
      .then(async (code) => {
        if (!code) throw new Error('no code');
        onSignedIn(await signInWithAppCode({ authCode: code, authType: authType === 1 || authType === 2 ? authType : 3, companyDomain: domain, corpId }));
      })
      .catch(() => setAppState('failed'));
  }, [corpId, domain, authType, params, onSignedIn]);

  const start = (provider: WorkChatProvider) => {
    setStartError(null);
    api
      .get<{ url: string }>('/oauth/work-chat/login', { query: { provider, domain: domain!, ...(redirect ? { redirect } : {}) }, notify: false })
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => setStartError(error instanceof Error ? error.message : String(error)));
  };

  if (appState === 'idle' && providers.length === 0) return null;
  return (
    <div className="atrium-login-work-chat" data-testid="login-work-chat">
      {appState === 'working' ? <p className="atrium-login-subtitle" role="status">{t('auth.login.workChat.appSignIn')}</p> : null}
      {appState === 'failed' || startError ? (
        <div className="atrium-plain-alert atrium-plain-alert-error atrium-form-alert" role="alert" data-testid="login-work-chat-error">
          <span>{startError ?? t('auth.login.workChat.appSignInFailed')}</span>
        </div>
      ) : null}
      {providers.map((provider) => (
        <button key={provider} type="button" className="atrium-plain-button atrium-plain-button-block" onClick={() => start(provider)} data-testid={`login-work-chat-${provider}`}>
          {t(`auth.login.workChat.${provider}`)}
        </button>
      ))}
    </div>
  );
}
