import { useTranslation } from 'react-i18next';
import { DeviceMessage } from '../../../shared/device/device-message';
import { LangToggle } from '../../../shared/device/lang-toggle';

/** The language switch and the way out of kiosk mode; a lost connection says so here. */
export function PadFooter({ offline, onExit }: { offline: boolean; onExit: () => void }) {
  const { t } = useTranslation();
  return (
    <footer className="pad-footer">
      {offline ? (
        <DeviceMessage kind="error" className="device-message-compact">
          {t('pad.offline')}
        </DeviceMessage>
      ) : (
        <span />
      )}
      <span className="pad-footer-links">
        <LangToggle />
        <button type="button" className="device-link" onClick={onExit}>
          {t('pad.exit')}
        </button>
      </span>
    </footer>
  );
}
