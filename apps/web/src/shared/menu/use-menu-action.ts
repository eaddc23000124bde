import App from 'antd/es/app';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuTarget } from './menu-model';

/**
 * What selecting a menu entry does (spec 000 section 2): navigate to its page, open an external
 * address in a new tab, or warn 'temporary menu' when it has no target.
 */
export function useMenuAction() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (target: MenuTarget) => {
      switch (target.kind) {
        case 'route':
          void navigate(target.path);
          return;
        case 'external':
          window.open(target.url, '_blank', 'noopener,noreferrer');
          return;
        case 'none':
          void message.warning(t('shell.menu.temporary'));
      }
    },
    [navigate, message, t],
  );
}
