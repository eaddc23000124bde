import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { QR_DRAWER_WIDTH } from '@atrium/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignInCode } from '../api/sign-in-link.api';
import '../sign-in-link.css';

export interface QrDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** Seconds from now until `at`, never below zero; ticks every second while shown. */
function useSecondsLeft(at: number | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at) return undefined;
    // At once for a new code (the clock read at mount is older than it), then every second.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [at]);
  return at ? Math.max(0, Math.ceil((at - now) / 1_000)) : null;
}

/**
 * The header's applet-login drawer (spec 000 sections 2 and 9, 260 px): a QR code that signs the same
 * person in on a phone by a one-time link, renewed before it expires while the drawer is open. The
 * code lives in the drawer's body, which unmounts when it closes, so a shown code is never shown again.
 */
export function QrDrawer({ open, onClose }: QrDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer title={t('sign-in-link.drawer.title')} open={open} onClose={onClose} size={QR_DRAWER_WIDTH} destroyOnHidden data-testid="qr-drawer">
      <SignInCode />
    </Drawer>
  );
}

function SignInCode() {
  const { t } = useTranslation();
  const code = useSignInCode();
  const secondsLeft = useSecondsLeft(code.data?.expiresAt);
  const minutes = secondsLeft === null ? 0 : Math.floor(secondsLeft / 60);
  const seconds = secondsLeft === null ? 0 : secondsLeft % 60;

  return (
    <div className="atrium-qr-drawer">
      <p>{t('sign-in-link.drawer.intro')}</p>
      {code.isError ? (
        <Alert type="error" showIcon title={code.error.message} data-testid="qr-error" />
      ) : code.data ? (
        <img className="atrium-qr-image" src={code.data.image} alt={t('sign-in-link.drawer.imageAlt')} width={200} height={200} data-testid="qr-image" />
      ) : (
        <div className="atrium-qr-image atrium-qr-loading">
          <Spin />
        </div>
      )}
      {secondsLeft !== null ? (
        <p className="atrium-qr-expiry" data-testid="qr-expiry" aria-live="polite">
          {t('sign-in-link.drawer.expiresIn', { time: `${minutes}:${String(seconds).padStart(2, '0')}` })}
        </p>
      ) : null}
      <Button icon={<ReloadOutlined />} onClick={() => void code.refetch()} loading={code.isFetching} block data-testid="qr-refresh">
        {t('sign-in-link.drawer.refresh')}
      </Button>
      <p className="atrium-qr-note">{t('sign-in-link.drawer.note')}</p>
    </div>
  );
}
