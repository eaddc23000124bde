import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page whose code failed or timed out loading (a chunk load error), or a page that crashed. */
export function PageError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <div className="atrium-page atrium-centered-page" data-testid="page-error">
      <Result
        status="warning"
        title={t('shell.pageError.title')}
        subTitle={
          <>
            {t('shell.pageError.description')}
            {error instanceof Error ? <span className="atrium-error-detail">{error.message}</span> : null}
          </>
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('shell.pageError.reload')}
          </Button>
        }
      />
    </div>
  );
}
