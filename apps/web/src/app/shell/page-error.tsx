import WarningFilled from '@ant-design/icons/WarningFilled';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { errorReporter } from '../../shared/error-reporter/reporter';
import '../../shared/ui/plain-controls.css';
import './page-error.css';

/**
 * A page whose code failed or timed out loading (a chunk load error), or a page that crashed. Laid
 * out like antd's Result, in plain markup: it must show without fetching any other code, and antd
 * would weigh on every address's first visit (issue 19).
 */
export function PageError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => errorReporter.captureThrown('render', error), [error]);
  return (
    <div className="atrium-page atrium-centered-page" data-testid="page-error">
      <div className="atrium-page-error">
        <WarningFilled className="atrium-page-error-icon" />
        <div className="atrium-page-error-title">{t('shell.pageError.title')}</div>
        <div className="atrium-page-error-text">
          {t('shell.pageError.description')}
          {error instanceof Error ? <span className="atrium-error-detail">{error.message}</span> : null}
        </div>
        <button type="button" className="atrium-plain-button atrium-plain-button-primary" onClick={() => window.location.reload()}>
          {t('shell.pageError.reload')}
        </button>
      </div>
    </div>
  );
}
