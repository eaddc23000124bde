import DownOutlined from '@ant-design/icons/DownOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import QrcodeOutlined from '@ant-design/icons/QrcodeOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../modules/auth/api/auth.api';
import { CompanyVersion } from '../../modules/branch/components/release-notes-notice';
import { signOutThroughProfile, useDeploymentProfile } from '../../shared/deployment/deployment.api';
import { unsavedStore } from '../../shared/forms/unsaved-store';
import { useSession } from '../../shared/session/session-context';
import { MountWhenOpened } from '../../shared/ui/mount-when-opened';
import { UserAvatar } from '../../shared/ui/user-avatar';

// The QR drawer's code loads when it first opens.
const QrDrawer = lazy(() => import('../../modules/sign-in-link/components/qr-drawer').then((m) => ({ default: m.QrDrawer })));

const GREYED_CLASS = 'atrium-greyed';

/**
 * Sign-out as the spec describes it (section 4): the screen greys, a confirmation is asked; OK signs
 * out and goes to sign-in, Cancel says 'cancel logout operation' and brings the colour back. With a
 * form's changes unsaved in any tab, the same question says they will be lost (issue 17): one
 * question, not two in a row.
 */
function useLogoutFlow() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const logout = useLogout();
  const navigate = useNavigate();
  const { profile } = useDeploymentProfile();

  return () => {
    const root = document.getElementById('root') ?? document.body;
    root.classList.add(GREYED_CLASS);
    const restore = () => root.classList.remove(GREYED_CLASS);
    const hasUnsaved = unsavedStore.isDirty();
    modal.confirm({
      title: t('shell.logout.title'),
      content: hasUnsaved ? <span data-testid="logout-unsaved">{t('shell.logout.unsaved')}</span> : t('shell.logout.content'),
      okText: t('shell.logout.ok'),
      okButtonProps: { danger: hasUnsaved },
      cancelText: t('common.actions.cancel'),
      icon: <LogoutOutlined />,
      onOk: () =>
        (profile.hasExternalSignOut ? signOutThroughProfile('/login') : logout.mutateAsync().then(() => ({ url: null }))).then(({ url }) => {
          restore();
          // The changes go with the session; leaving the page must not ask again.
          unsavedStore.discard();
          // The deployment profile's sign-out page (decision 0021), else ours: the sign-in page drops
          // the ended session's cache once the shell is gone.
          if (url) window.location.assign(url);
          else void navigate('/login', { replace: true });
        }, restore),
      onCancel: () => {
        restore();
        void message.info(t('shell.logout.cancelled'));
      },
    });
  };
}

export interface UserMenuProps {
  compact: boolean;
}

/** The user's name and role in the header; opens 'my account' and sign-out. */
export function UserMenu({ compact }: UserMenuProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const startLogout = useLogoutFlow();
  const name = user.fullName || user.userName;
  const isMyAccountShown = !useDeploymentProfile().profile.hiddenEntries.includes('myAccount');

  const content = (
    <div className="atrium-user-card">
      <div className="atrium-user-card-head">
        <UserAvatar size={44} name={name} avatar={user.avatar} />
        <div>
          <strong title={name}>{name}</strong>
          <span title={user.role.name}>{user.role.name}</span>
          {user.email ? (
            <span className="atrium-user-card-mail" title={user.email}>
              {user.email}
            </span>
          ) : null}
          <CompanyVersion />
        </div>
      </div>
      <div className="atrium-user-card-actions">
        {isMyAccountShown ? (
          <Button
            type="text"
            block
            icon={<UserOutlined />}
            data-testid="user-my-account"
            onClick={() => {
              setOpen(false);
              void navigate('/personal');
            }}
          >
            {t('shell.user.myAccount')}
          </Button>
        ) : null}
        <Button
          type="text"
          block
          icon={<QrcodeOutlined />}
          data-testid="user-qr"
          onClick={() => {
            setOpen(false);
            setQrOpen(true);
          }}
        >
          {t('sign-in-link.drawer.open')}
        </Button>
        <Button
          type="text"
          danger
          block
          icon={<LogoutOutlined />}
          data-testid="user-logout"
          onClick={() => {
            setOpen(false);
            startLogout();
          }}
        >
          {t('shell.user.logout')}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
        <button type="button" className="atrium-user-trigger" data-testid="header-user" aria-label={name}>
          <UserAvatar size={30} name={name} avatar={user.avatar} />
          {compact ? null : (
            <>
              <span className="atrium-user-trigger-text">
                <strong title={name}>{name}</strong>
                <span title={user.role.name}>{user.role.name}</span>
              </span>
              <DownOutlined className="atrium-user-trigger-caret" />
            </>
          )}
        </button>
      </Popover>
      <MountWhenOpened open={qrOpen}>
        <QrDrawer open={qrOpen} onClose={() => setQrOpen(false)} />
      </MountWhenOpened>
    </>
  );
}
