import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import type { VisitPass } from '@atrium/contract';
import { useTranslation } from 'react-i18next';

export interface VisitPassCodeProps {
  pass: VisitPass;
  /** Whether steps the visit asks before check-in are still to do: the kiosk would refuse the code until then. */
  hasStepsLeft: boolean;
}

/** The code to show at reception, while the visit can still be checked in (the pass has none otherwise). */
export function VisitPassCode({ pass, hasStepsLeft }: VisitPassCodeProps) {
  const { t } = useTranslation();
  if (!pass.qr) return null;
  return (
    <figure className={`atrium-pass-code${hasStepsLeft ? ' has-steps-left' : ''}`}>
      {hasStepsLeft ? (
        <p className="atrium-pass-code-note" role="note" data-testid="visit-pass-code-note">
          <ExclamationCircleOutlined aria-hidden /> {t('visitor.pass.codeStepsLeft')}
        </p>
      ) : null}
      <img src={pass.qr} alt={t('visitor.pass.qrAlt')} data-testid="visit-pass-qr" />
      <figcaption>{t('visitor.pass.qrHint')}</figcaption>
    </figure>
  );
}
