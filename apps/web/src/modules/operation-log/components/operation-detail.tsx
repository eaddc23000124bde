import type { OperationLogEntry } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n/i18n';
import { describeDetail } from '../detail-words';

export interface OperationDetailProps {
  entry: OperationLogEntry;
}

/** What an entry changed, one labelled line per field, in the reader's language. */
export function OperationDetail({ entry }: OperationDetailProps) {
  const { t } = useTranslation();
  const lines = describeDetail(t, currentLang(), entry);
  return (
    <dl className="atrium-log-detail" data-testid={`log-detail-${entry.id}`}>
      {lines.length ? (
        lines.map((line) => (
          <div key={line.key} className="atrium-log-detail-line">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))
      ) : (
        <div className="atrium-muted">{t('operation-log.detail.empty')}</div>
      )}
    </dl>
  );
}
