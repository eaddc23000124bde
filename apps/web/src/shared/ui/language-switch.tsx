import { TranslationOutlined } from '@ant-design/icons';
import { LANGS, type Lang } from '@atrium/contract';
import { Button, Popover } from 'antd';
import { useState, type KeyboardEvent } from 'react';
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
 * The two languages in a small menu; items carry the test ids `lang-option-<lang>`. A popover of
 * buttons rather than antd's Dropdown, whose Menu would weigh on the sign-in page (issue 19).
 */
export function LanguageSwitch({ testId, showName = false, className }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const lang = currentLang();

  const choose = (option: Lang) => {
    setOpen(false);
    setLang(option);
  };
  // Up and down move between the options, like in a menu.
  const moveFocus = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const options = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]')];
    const at = options.indexOf(document.activeElement as HTMLButtonElement);
    const next = (at + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length;
    options[next]?.focus();
  };

  const menu = (
    <div className="atrium-lang-menu" role="menu" aria-label={t('shell.header.language')} onKeyDown={moveFocus}>
      {LANGS.map((option) => (
        <button
          key={option}
          type="button"
          role="menuitemradio"
          aria-checked={option === lang}
          className="atrium-lang-option"
          // The current language takes the focus when the menu opens.
          autoFocus={option === lang}
          onClick={() => choose(option)}
          data-testid={`lang-option-${option}`}
        >
          {t(`common.languages.${option}`)}
        </button>
      ))}
    </div>
  );

  return (
    <Popover content={menu} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" arrow={false} destroyOnHidden>
      <Button type="text" className={className} icon={<TranslationOutlined />} data-testid={testId} aria-label={t('shell.header.language')} aria-haspopup="menu" aria-expanded={open}>
        {showName ? t(`common.languages.${lang}`) : null}
      </Button>
    </Popover>
  );
}
