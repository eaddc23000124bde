import App from 'antd/es/app';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { askDiscard } from '../../shared/forms/unsaved-changes';
import { unsavedStore } from '../../shared/forms/unsaved-store';

/**
 * Asks before the console leaves a page that is not kept alive while it holds unsaved changes: the
 * page unmounts, and what was typed would be lost (issue 17). Kept pages are not guarded, as their
 * state survives while another tab shows.
 */
export function useLeaveGuard(isKeptAlive: boolean, activePath: string) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !isKeptAlive && currentLocation.pathname !== nextLocation.pathname && unsavedStore.isDirty([activePath]),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    askDiscard(modal, t, {
      content: t('common.unsaved.pageContent'),
      onDiscard: () => {
        unsavedStore.discard([activePath]);
        blocker.proceed();
      },
      onKeep: () => blocker.reset(),
    });
  }, [blocker, activePath, modal, t]);
}
