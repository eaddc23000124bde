import TranslationOutlined from '@ant-design/icons/TranslationOutlined';
import { LANGS, type Lang } from '@atrium/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, setLang } from '../i18n/i18n';
import './language-switch.css';

export interface LanguageSwitchProps {
  /** Test id of the button (`header-lang` in the shell, `login-lang` on the sign-in page). */
  testId: string;
  /** Show the current language's name beside the icon. */
  showName?: boolean;
  className?: string;
}

/**
 * The two languages in a small menu; items carry the test ids `lang-option-<lang>`. Plain markup
 * laid out like antd's text button and dropdown: the sign-in page, which shows it, loads no antd
 * (issue 19). Escape, a click elsewhere or the focus leaving closes it; up and down move between the
 * options, and the current one takes the focus when it opens.
 */
export function LanguageSwitch({ testId, showName = false, className }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const lang = currentLang();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!frame.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside, true);
    return () => document.removeEventListener('pointerdown', closeOutside, true);
  }, [open]);

  const choose = (option: Lang) => {
    setOpen(false);
    setLang(option);
  };
  const onMenuKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const options = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]')];
    const at = options.indexOf(document.activeElement as HTMLButtonElement);
    const next = (at + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length;
    options[next]?.focus();
  };

  return (
    <span
      ref={frame}
      className="atrium-lang"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={['atrium-lang-trigger', className].filter(Boolean).join(' ')}
        onClick={() => setOpen((isOpen) => !isOpen)}
        aria-label={t('shell.header.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={testId}
      >
        <TranslationOutlined />
        {showName ? <span>{t(`common.languages.${lang}`)}</span> : null}
      </button>
      {open ? (
        <div id={menuId} className="atrium-lang-menu" role="menu" aria-label={t('shell.header.language')} onKeyDown={onMenuKey}>
          {LANGS.map((option) => (
            <button
              key={option}
              type="button"
              role="menuitemradio"
              aria-checked={option === lang}
              className="atrium-lang-option"
              autoFocus={option === lang}
              onClick={() => choose(option)}
              data-testid={`lang-option-${option}`}
            >
              {t(`common.languages.${option}`)}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
