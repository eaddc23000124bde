import CloseCircleOutlined from '@ant-design/icons/CloseCircleOutlined';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import { VISIT_PASS_PATH, type Lang, type RegisterPlace } from '@atrium/contract';
import { Button, Spin } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { LanguageSwitch } from '../../../shared/ui/language-switch';
import { registerHostFinder, useRegisterPlace, useSelfRegister } from '../api/visit-register.api';
import { WalkInForm, type WalkInRegistration } from '../components/walk-in-form';
import './visit-register-page.css';

/** The console's blue, when the company chose no colour for its kiosks and walk-in pages. */
const DEFAULT_COLOR = '#1677ff';

/** Why the page offers no form: a link that opens nothing, an expired one, a place that receives no walk-ins, a failed read. */
type NoticeKind = 'invalid' | 'expired' | 'closed' | 'failed';

const hasStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/** A whole-card message in place of the form: the visitor has nothing else to do on this page. */
function RegisterNotice({ kind, action }: { kind: NoticeKind; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`atrium-register-notice is-${kind}`} role="alert" data-testid={`visit-register-${kind}`}>
      <div className="atrium-register-notice-icon">{kind === 'failed' ? <CloseCircleOutlined /> : <ExclamationCircleOutlined />}</div>
      <h1>{t(`visitor.register.${kind}Title`)}</h1>
      {kind === 'failed' ? null : <p className="atrium-register-lead">{t(`visitor.register.${kind}Text`)}</p>}
      {action}
    </div>
  );
}

/**
 * /visit-register#<token> (public): the page a place's walk-in poster opens on a visitor's phone.
 * The visitor registers, and the page opens their pass (`/visit#<pass>`), which follows the host's
 * approval. The token stays in the address's fragment and travels only in the link's header.
 */
export function VisitRegisterPage() {
  const { t } = useTranslation();
  const token = useLocation().hash.slice(1);
  const place = useRegisterPlace(token);

  let body: ReactNode;
  // The token is the read's only input: a 400 (a header too long to be a token) is a link as broken as a 404.
  if (!token || hasStatus(place.error, 404) || hasStatus(place.error, 400)) body = <RegisterNotice kind="invalid" />;
  else if (hasStatus(place.error, 422)) body = <RegisterNotice kind="expired" />;
  // The place's visit rules turned walk-ins away: the link works, and says so instead of offering a form.
  else if (place.data && !place.data.walkIns) body = <RegisterNotice kind="closed" />;
  else if (place.data) body = <RegisterCard place={place.data} token={token} />;
  else if (place.isError) {
    body = (
      <RegisterNotice
        kind="failed"
        action={
          <Button onClick={() => void place.refetch()} loading={place.isFetching} data-testid="visit-register-retry">
            {t('visitor.register.retry')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="atrium-register-loading">
        <Spin size="large" />
      </div>
    );
  }

  return (
    <div className="atrium-register" style={{ '--register-color': place.data?.color ?? DEFAULT_COLOR } as CSSProperties} data-testid="page-visit-register">
      <header className="atrium-register-top">
        <span className="atrium-register-company">{place.data?.companyName ?? t('common.appName')}</span>
        <LanguageSwitch testId="visit-register-lang" showName />
      </header>
      <main className="atrium-register-card">{body}</main>
    </div>
  );
}

/** The place's welcome in the visitor's language, and the form; a registration opens the visitor's pass. */
function RegisterCard({ place, token }: { place: RegisterPlace; token: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const navigate = useNavigate();
  const register = useSelfRegister(token);
  const [refusal, setRefusal] = useState<{ message: string; lang: Lang } | null>(null);
  const welcome = (lang === 'zh-CN' ? place.welcome.zh : place.welcome.en) || t('visitor.register.welcome', { company: place.companyName });

  const submit = async ({ body }: WalkInRegistration) => {
    setRefusal(null);
    try {
      const { pass } = await register.mutateAsync(body);
      // Replaced, not pushed: going back must not offer the form again and register the visitor twice.
      await navigate(`${VISIT_PASS_PATH}#${pass}`, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError) setRefusal({ message: failure.message, lang });
      else throw failure;
    }
  };

  return (
    <>
      <div className="atrium-register-welcome">
        <h1>{welcome}</h1>
        <p data-testid="visit-register-place">{place.location.name}</p>
      </div>
      <div className="atrium-register-body">
        <h2>{t('visitor.register.title')}</h2>
        <p className="atrium-register-lead">{t('visitor.register.lead')}</p>
        <WalkInForm
          reasons={place.reasons}
          hostFinder={registerHostFinder(token)}
          onSubmit={(registration) => void submit(registration)}
          isSubmitting={register.isPending}
          refusal={refusal?.lang === lang ? refusal.message : null}
          size="phone"
          color={place.color ?? DEFAULT_COLOR}
        />
      </div>
    </>
  );
}
