import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicFrame } from '../../registration/components/public-frame';

/** /single-error: the link was used, expired or unknown; say what to do next. */
export function SingleErrorPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame testId="page-single-error">
      <Result
        status="warning"
        title={t('sign-in-link.error.title')}
        subTitle={t('sign-in-link.error.text')}
        extra={
          <Link to="/login">
            <Button type="primary" data-testid="single-error-login">
              {t('sign-in-link.error.signIn')}
            </Button>
          </Link>
        }
        data-testid="single-error"
      />
    </PublicFrame>
  );
}
