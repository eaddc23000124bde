import App from 'antd/es/app';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTab } from '../routing/page-tab';
import { unsavedStore } from './unsaved-store';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

export interface AskDiscardOptions {
  /** Runs when the user discards the changes. */
  onDiscard: () => void;
  /** Runs when the user keeps editing (Cancel, Esc, the mask). */
  onKeep?: () => void;
  /** The question's second line; the form's wording by default. */
  content?: string;
}

/** The one question before unsaved changes are dropped: "Discard your changes?" with Discard and Keep editing. */
export function askDiscard(modal: ModalApi, t: TFunction, { onDiscard, onKeep, content }: AskDiscardOptions) {
  modal.confirm({
    title: t('common.unsaved.title'),
    content: content ?? t('common.unsaved.content'),
    okText: t('common.unsaved.discard'),
    cancelText: t('common.unsaved.keep'),
    okButtonProps: { danger: true, ...({ 'data-testid': 'unsaved-discard' } as Record<string, string>) },
    cancelButtonProps: { 'data-testid': 'unsaved-keep' } as Record<string, string>,
    // Above the drawer or modal that asks.
    zIndex: 1100,
    onOk: onDiscard,
    ...(onKeep ? { onCancel: onKeep } : {}),
  });
}

/**
 * A form with unsaved changes asks before it is left (issue 17). Closing its drawer or modal goes
 * through `confirmLeave`, which asks in the product's words when the form is dirty. While dirty, the
 * form is marked in the unsaved store under its page's tab: the shell then asks before that tab is
 * closed, before signing out, and before leaving a page that is not kept alive; reloading or closing
 * the browser page gets the browser's own question (browsers allow no other text there). Moving to
 * another console tab is not asked about: kept pages keep their forms while hidden.
 *
 * `isDirty` comes from `useFormDirty` for antd forms, or from the editor's own state.
 */
export function useUnsavedChanges(isDirty: boolean): { confirmLeave: (leave: () => void) => void } {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const tab = usePageTab();
  const [id] = useState(() => Symbol('unsaved form'));

  useEffect(() => {
    if (isDirty) unsavedStore.mark(id, tab);
    // Shown again after its tab was hidden, a form saved meanwhile clears its kept mark.
    else unsavedStore.unmark(id);
    return () => unsavedStore.release(id);
  }, [id, isDirty, tab]);

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (!isDirty) {
        leave();
        return;
      }
      askDiscard(modal, t, { onDiscard: leave });
    },
    [isDirty, modal, t],
  );

  return { confirmLeave };
}
