import { LANGS } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import { currentLang, setLang } from '../../../shared/i18n/i18n';

/** Switches the display to the other language, named in that language. */
export function LangToggle() {
  const { t } = useTranslation();
  const lang = currentLang();
  const other = LANGS.find((candidate) => candidate !== lang) ?? lang;
  return (
    <button type="button" className="pad-link" onClick={() => setLang(other)} aria-label={t('pad.switchLanguage')}>
      {other === 'zh-CN' ? '中文' : 'English'}
    </button>
  );
}
