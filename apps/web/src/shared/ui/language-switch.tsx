import { TranslationOutlined } from '@ant-design/icons';
import { LANGS, type Lang } from '@atrium/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang, setLang } from '../i18n/i18n';

export interface LanguageSwitchProps {
  /** Test id of the button (`header-lang` in the shell, `login-lang` on the sign-in page). */
  testId: string;
  /** Show the current language's name beside the icon. */
  showName?: boolean;
  className?: string;
}

/** Dropdown of the two languages; items carry the test ids `lang-option-<lang>`. */
export function LanguageSwitch({ testId, showName = false, className }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <Dropdown
      trigger={['click']}
      destroyOnHidden
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((option) => ({ key: option, label: t(`common.languages.${option}`), 'data-testid': `lang-option-${option}` })),
        onClick: ({ key }) => setLang(key as Lang),
      }}
    >
      <Button type="text" className={className} icon={<TranslationOutlined />} data-testid={testId} aria-label={t('shell.header.language')}>
        {showName ? t(`common.languages.${lang}`) : null}
      </Button>
    </Dropdown>
  );
}
