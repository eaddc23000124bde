import { Modal } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** The keys /reserve answers, as the help lists them (the page's useShortcuts holds the actions). */
export const RESERVE_SHORTCUTS = [
  { id: 'newMeeting', keys: ['c'] },
  { id: 'today', keys: ['t'] },
  { id: 'previous', keys: ['←', 'k'] },
  { id: 'next', keys: ['→', 'j'] },
  { id: 'scales', keys: ['d', 'w', 'm', 'l'] },
  { id: 'views', keys: ['1', '2', '3'] },
  { id: 'search', keys: ['s', 's'] },
  { id: 'help', keys: ['?'] },
] as const;

export interface ShortcutsHelpProps {
  open: boolean;
  onClose: () => void;
}

/** The help overlay of /reserve's keyboard shortcuts (opened with ?). */
export function ShortcutsHelp({ open, onClose }: ShortcutsHelpProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('booking.shortcuts.title')} footer={null} onCancel={onClose} destroyOnHidden data-testid="reserve-shortcuts-help">
      <dl className="reserve-shortcuts">
        {RESERVE_SHORTCUTS.map((shortcut) => (
          <Fragment key={shortcut.id}>
            <dt>
              {shortcut.keys.map((key, index) => (
                <kbd key={index}>{key}</kbd>
              ))}
            </dt>
            <dd data-testid={`reserve-shortcut-${shortcut.id}`}>{t(`booking.shortcuts.${shortcut.id}`)}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="reserve-shortcuts-note">{t('booking.shortcuts.note')}</p>
    </Modal>
  );
}
