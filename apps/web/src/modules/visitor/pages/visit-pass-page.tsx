import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import CloseCircleOutlined from '@ant-design/icons/CloseCircleOutlined';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import { VISIT_PASS_DAYS_AFTER } from '@atrium/contract';
import { Button, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { LanguageSwitch } from '../../../shared/ui/language-switch';
import { useVisitPass } from '../api/visit-pass.api';
import { VisitPassApproval } from '../components/visit-pass-approval';
import { VisitPassCode } from '../components/visit-pass-code';
import { VisitPassConfirm } from '../components/visit-pass-confirm';
import { VisitPassData } from '../components/visit-pass-data';
import { VisitPassDetails } from '../components/visit-pass-details';
import { VisitPassSteps } from '../components/visit-pass-steps';
import { stepsLeft } from '@atrium/contract';
import './visit-pass-page.css';

/** Why a pass shows no visit: a link that opens none (or none any more), an expired one, erased details, a failed read. */
type NoticeKind = 'invalid' | 'expired' | 'erased' | 'failed';

const NOTICE_ICONS: Record<NoticeKind, ReactNode> = {
  invalid: <ExclamationCircleOutlined />,
  expired: <ExclamationCircleOutlined />,
  erased: <CheckCircleOutlined />,
  failed: <CloseCircleOutlined />,
};

/** A whole-card message in place of the visit: the visitor has nothing else to do on this page. */
function PassNotice({ kind, text, action }: { kind: NoticeKind; text?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`atrium-pass-notice is-${kind}`} role={kind === 'erased' ? 'status' : 'alert'} data-testid={`visit-pass-${kind}`}>
      <div className="atrium-pass-notice-icon">{NOTICE_ICONS[kind]}</div>
      <h1>{t(`visitor.pass.${kind}Title`)}</h1>
      <p className="atrium-pass-lead">{text ?? t(`visitor.pass.${kind}Text`, { days: VISIT_PASS_DAYS_AFTER })}</p>
      {action}
    </div>
  );
}

const hasStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/**
 * /visit#<token> (public): the page an invited visitor opens from the invitation mail, on a phone
 * most often. The token stays in the address's fragment, which browsers never send, and travels
 * only in the pass header of the pass calls.
 */
export function VisitPassPage() {
  const { t } = useTranslation();
  const token = useLocation().hash.slice(1);
  const [isErased, setErased] = useState(false);
  // Once erased, the token answers 404: the page says "erased" and reads nothing more.
  const pass = useVisitPass(token, !isErased);

  let body: ReactNode;
  if (isErased) body = <PassNotice kind="erased" />;
  // The token is the read's only input: a 400 (a header too long to be a token) is a link as broken as a 404.
  else if (!token || hasStatus(pass.error, 404) || hasStatus(pass.error, 400)) body = <PassNotice kind="invalid" />;
  else if (hasStatus(pass.error, 422)) body = <PassNotice kind="expired" />;
  else if (pass.data) {
    body = (
      <>
        <VisitPassApproval pass={pass.data} />
        <VisitPassDetails pass={pass.data} />
        <VisitPassSteps pass={pass.data} token={token} />
        <VisitPassCode pass={pass.data} hasStepsLeft={stepsLeft(pass.data.requirements, pass.data.completion).length > 0} />
        {pass.data.canConfirm ? <VisitPassConfirm pass={pass.data} token={token} /> : null}
        <VisitPassData pass={pass.data} token={token} onErased={() => setErased(true)} />
      </>
    );
  } else if (pass.isError) {
    body = (
      <PassNotice
        kind="failed"
        text={pass.error.message}
        action={
          <Button onClick={() => void pass.refetch()} loading={pass.isFetching} data-testid="visit-pass-retry">
            {t('visitor.pass.retry')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="atrium-pass-loading">
        <Spin size="large" />
      </div>
    );
  }

  return (
    <div className="atrium-pass" data-testid="page-visit-pass">
      <header className="atrium-pass-top">
        <span className="atrium-pass-company">{pass.data?.companyName ?? t('common.appName')}</span>
        <LanguageSwitch testId="visit-pass-lang" showName />
      </header>
      <main className="atrium-pass-card">{body}</main>
    </div>
  );
}
