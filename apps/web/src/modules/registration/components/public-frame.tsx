import { Progress } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AtriumLogo } from '../../../shared/ui/atrium-logo';
import { LanguageSwitch } from '../../../shared/ui/language-switch';
import { WIZARD_STEPS, type WizardStep } from '../wizard-steps';
import '../registration.css';

export interface PublicFrameProps {
  /** Test id of the page (`page-register`, …). */
  testId: string;
  /** The wizard step shown as progress, on the registration pages. */
  step?: WizardStep;
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: links back to sign-in and the like. */
  footer?: ReactNode;
}

/** The frame of the public pages: the brand and the language switch on top, a centred card. */
export function PublicFrame({ testId, step, title, subtitle, children, footer }: PublicFrameProps) {
  const { t } = useTranslation();
  const index = step ? WIZARD_STEPS.indexOf(step) : -1;
  return (
    <div className="atrium-public" data-testid={testId}>
      <header className="atrium-public-top">
        <Link to="/login" className="atrium-public-brand">
          <AtriumLogo size={32} />
          <span>{t('common.appName')}</span>
        </Link>
        <LanguageSwitch testId="public-lang" showName />
      </header>
      <main className="atrium-public-card">
        {step ? (
          <div className="atrium-public-progress" data-testid="registration-progress">
            <span>
              {t('registration.progress', { step: index + 1, total: WIZARD_STEPS.length })} · {t(`registration.steps.${step}`)}
            </span>
            <Progress percent={((index + 1) / WIZARD_STEPS.length) * 100} showInfo={false} status="normal" size="small" />
          </div>
        ) : null}
        {title ? <h1>{title}</h1> : null}
        {subtitle ? <p className="atrium-public-subtitle">{subtitle}</p> : null}
        {children}
      </main>
      {footer ? <div className="atrium-public-footer">{footer}</div> : null}
    </div>
  );
}
