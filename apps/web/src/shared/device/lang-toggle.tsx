import { LANGS } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import { currentLang, setLang } from '../i18n/i18n';
import './device-message.css';

/** Switches a device's screen (door display, visitor kiosk) to the other language, named in that language. */
export function LangToggle() {
  const { t } = useTranslation();
  const lang = currentLang();
  const other = LANGS.find((candidate) => candidate !== lang) ?? lang;
  return (
    <button type="button" className="device-link" onClick={() => setLang(other)} aria-label={t('common.switchLanguage')}>
      {other === 'zh-CN' ? '中文' : 'English'}
    </button>
  );
}
