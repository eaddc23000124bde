import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import { PRODUCT_VERSION } from '@atrium/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AtriumLogo } from '../../../shared/ui/atrium-logo';
import { LanguageSwitch } from '../../../shared/ui/language-switch';
import '../pages/login-page.css';

export interface LoginLayoutProps {
  testId: string;
  children: ReactNode;
}

/** The frame of the sign-in pages: the product's hero on wide screens, the language switch, the version. */
export function LoginLayout({ testId, children }: LoginLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="atrium-login" data-testid={testId}>
      <section className="atrium-login-hero" aria-hidden="true">
        <div className="atrium-login-hero-brand">
          <AtriumLogo size={40} />
          <span>{t('common.appName')}</span>
        </div>
        <div className="atrium-login-hero-copy">
          <h2>{t('auth.login.heroTitle')}</h2>
          <p>{t('auth.login.heroText')}</p>
          <ul>
            <li>
              <CalendarOutlined /> {t('auth.login.featureRooms')}
            </li>
            <li>
              <IdcardOutlined /> {t('auth.login.featureVisitors')}
            </li>
            <li>
              <DesktopOutlined /> {t('auth.login.featureDesks')}
            </li>
          </ul>
        </div>
        <div className="atrium-login-hero-foot">{t('common.productLine')}</div>
      </section>

      <main className="atrium-login-main">
        <header className="atrium-login-top">
          <div className="atrium-login-mobile-brand">
            <AtriumLogo size={32} />
            <span>{t('common.appName')}</span>
          </div>
          <LanguageSwitch testId="login-lang" showName />
        </header>

        {children}

        <footer className="atrium-login-footer">
          {t('common.appName')} · {t('common.version', { version: PRODUCT_VERSION })}
        </footer>
      </main>
    </div>
  );
}
