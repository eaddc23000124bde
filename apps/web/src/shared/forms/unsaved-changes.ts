import { App } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A form with unsaved changes asks before it is left (issue 17): closing it asks in the product's
 * words (`confirmLeave`), and reloading or closing the browser page gets the browser's own question
 * (browsers allow no other text there). Pages kept alive in a tab keep their forms while another tab
 * shows, so moving inside the console loses nothing and is not asked about.
 */
export function useUnsavedChanges(isDirty: boolean): { confirmLeave: (leave: () => void) => void } {
  const { t } = useTranslation();
  const { modal } = App.useApp();

  useEffect(() => {
    if (!isDirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value; every current one shows its own text.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isDirty]);

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (!isDirty) {
        leave();
        return;
      }
      modal.confirm({
        title: t('common.unsaved.title'),
        content: t('common.unsaved.content'),
        okText: t('common.unsaved.discard'),
        cancelText: t('common.unsaved.keep'),
        okButtonProps: { danger: true, ...({ 'data-testid': 'unsaved-discard' } as Record<string, string>) },
        cancelButtonProps: { 'data-testid': 'unsaved-keep' } as Record<string, string>,
        // Above the drawer that asks.
        zIndex: 1100,
        onOk: leave,
      });
    },
    [isDirty, modal, t],
  );

  return { confirmLeave };
}
