import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useReleaseNotes } from '../api/branch.api';

// The dialog's code (antd's Modal and Divider) loads only when there are notes to read.
const ReleaseNotesDialog = lazy(() => import('./release-notes-dialog').then((m) => ({ default: m.ReleaseNotesDialog })));

/**
 * After a release, a company administrator sees its notes once: on the next console load, in the
 * user's language; closing the dialog records it for them (decision 0021, "Operator area").
 */
export function ReleaseNotesNotice() {
  const notes = useReleaseNotes();
  const unread = notes.data?.unread ?? [];
  if (unread.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ReleaseNotesDialog unread={unread} />
    </Suspense>
  );
}

/** The company's version (its branch's), as the user card shows it (spec 000 section 1: version shown). */
export function CompanyVersion() {
  const { t } = useTranslation();
  const notes = useReleaseNotes();
  if (!notes.data?.version) return null;
  return (
    <span className="atrium-company-version" data-testid="company-version">
      {t('branch.version', { version: notes.data.version })}
    </span>
  );
}
