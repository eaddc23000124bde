import { WarningFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import './page-error.css';

/**
 * A page whose code failed or timed out loading (a chunk load error), or a page that crashed. Laid
 * out like antd's Result, in plain markup: it must show without fetching any other code, and Result
 * (with its pictures) would weigh on every address's first visit (issue 19).
 */
export function PageError() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const error = useRouteError();
  return (
    <div className="atrium-page atrium-centered-page" data-testid="page-error">
      <div className="atrium-page-error">
        <WarningFilled className="atrium-page-error-icon" style={{ color: token.colorWarning }} />
        <div className="atrium-page-error-title">{t('shell.pageError.title')}</div>
        <div className="atrium-page-error-text">
          {t('shell.pageError.description')}
          {error instanceof Error ? <span className="atrium-error-detail">{error.message}</span> : null}
        </div>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('shell.pageError.reload')}
        </Button>
      </div>
    </div>
  );
}
