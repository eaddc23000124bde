import { Alert, Button, Input } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { screenTarget, type PublicFace, type ScreenFace } from '../shared/routing/public-faces';

/** The public face of a signed-in page the spec lists as public (see shared/routing/public-faces.ts). */
export function PublicFacePage({ face }: { face: PublicFace }) {
  return face.kind === 'accountLink' ? <AccountLinkFace /> : <ScreenFacePage face={face} />;
}

/** Where the sign-in page leads back to: the address itself, without what it said about one linking. */
function SignInLink({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/login?${new URLSearchParams({ redirect: pathname }).toString()}`} data-testid="public-face-sign-in">
      {t('shell.publicFace.signIn')}
    </Link>
  );
}

/**
 * /auth-add without a session: the person went to the company's identity provider to link their account and came
 * back signed out. The outcome the server put in the address is told, and sign-in leads back to the page, where the
 * linked accounts are listed (or the linking is started again).
 */
function AccountLinkFace() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const outcome = params.get('linked') === '1' ? 'linked' : params.has('error') ? 'failed' : undefined;
  return (
    <main className="atrium-page atrium-centered-page" data-testid="public-face">
      <div className="atrium-public-face">
        <h1>{t('shell.publicFace.accountLink.title')}</h1>
        {outcome ? (
          <Alert
            type={outcome === 'linked' ? 'success' : 'error'}
            showIcon
            title={t(`shell.publicFace.accountLink.${outcome}`)}
            data-testid={`public-face-${outcome}`}
          />
        ) : null}
        <p>{t('shell.publicFace.accountLink.description')}</p>
        <p>
          <SignInLink pathname={pathname} />
        </p>
      </div>
    </main>
  );
}

/**
 * A lobby screen's address without a session: the screen is set up here by pasting its link once, and the staff find
 * the way to sign in. With `?token=<secret>` in the address it opens that screen at once.
 */
function ScreenFacePage({ face }: { face: ScreenFace }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [link, setLink] = useState('');
  const [isWrong, setIsWrong] = useState(false);
  const inputId = useId();
  const given = new URLSearchParams(search).get('token');
  const direct = given ? screenTarget(face, given, window.location.origin) : undefined;
  if (direct) return <Navigate to={direct} replace />;

  const open = (event: FormEvent) => {
    event.preventDefault();
    const target = screenTarget(face, link, window.location.origin);
    if (target) void navigate(target);
    else setIsWrong(true);
  };

  return (
    <main className="atrium-page atrium-centered-page" data-testid="public-face">
      <form className="atrium-public-face" onSubmit={open}>
        <h1>{t(`shell.publicFace.${face.kind}.title`)}</h1>
        <p>{t(`shell.publicFace.${face.kind}.description`)}</p>
        <label htmlFor={inputId}>{t('shell.publicFace.linkLabel')}</label>
        <Input
          id={inputId}
          value={link}
          status={isWrong ? 'error' : undefined}
          aria-invalid={isWrong}
          aria-describedby={isWrong ? `${inputId}-error` : undefined}
          placeholder={t(`shell.publicFace.${face.kind}.placeholder`)}
          onChange={(event) => {
            setLink(event.target.value);
            setIsWrong(false);
          }}
          data-testid="public-face-link"
        />
        {isWrong && (
          <p id={`${inputId}-error`} role="alert" className="atrium-public-face-error">
            {t('shell.publicFace.notALink')}
          </p>
        )}
        <Button type="primary" htmlType="submit" block data-testid="public-face-open">
          {t('shell.publicFace.open')}
        </Button>
        <p>
          {t('shell.publicFace.staff')} <SignInLink pathname={pathname} />
        </p>
      </form>
    </main>
  );
}
