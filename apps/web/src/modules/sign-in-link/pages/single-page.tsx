import Spin from 'antd/es/spin';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PublicFrame } from '../../registration/components/public-frame';
import { useSingleSignIn } from '../api/sign-in-link.api';
import { SINGLE_ERROR_PATH } from '../sign-in-link.routes';
import '../sign-in-link.css';

/**
 * /single/:token: signs the phone in by the QR drawer's one-time link, then opens the console; a
 * link that cannot sign in opens /single-error. The token goes in a POST body, once per visit.
 */
export function SinglePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const signIn = useSingleSignIn();
  const hasSent = useRef(false);

  useEffect(() => {
    // Once only: a second call (a re-render in development) would find the link used.
    if (hasSent.current) return;
    hasSent.current = true;
    signIn.mutate(
      { token },
      {
        onSuccess: () => void navigate('/', { replace: true }),
        onError: () => void navigate(SINGLE_ERROR_PATH, { replace: true }),
      },
    );
  }, [navigate, signIn, token]);

  return (
    <PublicFrame testId="page-single" title={t('sign-in-link.single.title')} subtitle={t('sign-in-link.single.signingIn')}>
      <div className="atrium-single-wait">
        <Spin size="large" />
      </div>
    </PublicFrame>
  );
}
