import CloseCircleOutlined from '@ant-design/icons/CloseCircleOutlined';
import HourglassOutlined from '@ant-design/icons/HourglassOutlined';
import type { VisitPass } from '@atrium/contract';
import { useTranslation } from 'react-i18next';

/**
 * A walk-in's application on their pass: waiting for the host (no code yet; the page reads the pass
 * again until it is decided), or not approved, with the reason the visitor was given. Nothing once
 * approved, or for an invitation: the pass shows its code.
 */
export function VisitPassApproval({ pass }: { pass: VisitPass }) {
  const { t } = useTranslation();
  const state = pass.approval?.state;
  if (state === 'pending') {
    return (
      <div className="atrium-pass-approval is-pending" role="status" data-testid="visit-pass-pending">
        <HourglassOutlined className="atrium-pass-approval-icon" />
        <div>
          <h2>{t('visitor.pass.pendingTitle')}</h2>
          <p>{t(pass.hostName ? 'visitor.pass.pendingText' : 'visitor.pass.pendingTextNoHost', { host: pass.hostName })}</p>
        </div>
      </div>
    );
  }
  if (state === 'rejected') {
    return (
      <div className="atrium-pass-approval is-rejected" role="alert" data-testid="visit-pass-rejected">
        <CloseCircleOutlined className="atrium-pass-approval-icon" />
        <div>
          <h2>{t('visitor.pass.rejectedTitle')}</h2>
          {pass.approval?.reason ? (
            <p className="atrium-pass-approval-reason" data-testid="visit-pass-rejected-reason">
              {t('visitor.pass.rejectedReason', { reason: pass.approval.reason })}
            </p>
          ) : null}
          <p>{t('visitor.pass.rejectedText')}</p>
        </div>
      </div>
    );
  }
  return null;
}
