import { LOG_TIME_FORMAT, type ReleaseNote } from '@atrium/contract';
import Divider from 'antd/es/divider';
import Modal from 'antd/es/modal';
import dayjs from 'dayjs';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n/i18n';
import { useDismissReleaseNotes } from '../api/branch.api';

const notesIn = (note: ReleaseNote) => (currentLang() === 'zh-CN' ? note.notesZh : note.notesEn);

/**
 * After a release, a company administrator sees its notes once: on the next console load, in the
 * user's language; closing the dialog records it for them (decision 0021, "Operator area").
 */
export function ReleaseNotesDialog({ unread }: { unread: ReleaseNote[] }) {
  const { t } = useTranslation();
  const dismiss = useDismissReleaseNotes();
  const [latest] = unread as [ReleaseNote, ...ReleaseNote[]];
  const close = () => void dismiss.mutateAsync(unread.map((note) => note.id));

  return (
    <Modal
      open
      title={t('branch.notes.title', { version: latest.version })}
      okText={t('branch.notes.dismiss')}
      onOk={close}
      onCancel={close}
      confirmLoading={dismiss.isPending}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'release-notes-dismiss' }}
    >
      <div data-testid="release-notes">
        {unread.map((note, index) => (
          <Fragment key={note.id}>
            {index > 0 ? <Divider titlePlacement="start">{note.version}</Divider> : null}
            <p style={{ whiteSpace: 'pre-wrap' }}>{notesIn(note)}</p>
            <small>{t('branch.notes.released', { at: dayjs(note.releasedAt).format(LOG_TIME_FORMAT) })}</small>
          </Fragment>
        ))}
      </div>
    </Modal>
  );
}
