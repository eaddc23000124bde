import { useTranslation } from 'react-i18next';
import { LangToggle } from './lang-toggle';
import { PadMessage } from './pad-message';

/** The language switch and the way out of kiosk mode; a lost connection says so here. */
export function PadFooter({ offline, onExit }: { offline: boolean; onExit: () => void }) {
  const { t } = useTranslation();
  return (
    <footer className="pad-footer">
      {offline ? (
        <PadMessage kind="error" className="pad-message-compact">
          {t('pad.offline')}
        </PadMessage>
      ) : (
        <span />
      )}
      <span className="pad-footer-links">
        <LangToggle />
        <button type="button" className="pad-link" onClick={onExit}>
          {t('pad.exit')}
        </button>
      </span>
    </footer>
  );
}
