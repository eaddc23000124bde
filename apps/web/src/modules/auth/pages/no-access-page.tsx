import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /no-access: a page the user may not open, or a menu that could not load (spec 000 section 6). */
export function NoAccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="atrium-centered-page" data-testid="page-no-access">
      <Result
        status="403"
        title={t('auth.noAccess.title')}
        subTitle={t('auth.noAccess.description')}
        extra={[
          <Button key="home" onClick={() => void navigate('/')}>
            {t('auth.noAccess.home')}
          </Button>,
          <Button key="sign-in" type="primary" onClick={() => void navigate('/login')}>
            {t('auth.noAccess.signIn')}
          </Button>,
        ]}
      />
    </div>
  );
}
