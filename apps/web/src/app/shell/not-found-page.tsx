import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Any unknown path, inside the shell (spec 000 section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="atrium-page atrium-centered-page" data-testid="page-not-found">
      <Result
        status="404"
        title="404"
        subTitle={
          <>
            <strong className="atrium-result-title">{t('shell.notFound.title')}</strong>
            <br />
            {t('shell.notFound.description')}
          </>
        }
        extra={
          <Button type="primary" onClick={() => void navigate('/index')}>
            {t('common.actions.backHome')}
          </Button>
        }
      />
    </div>
  );
}
