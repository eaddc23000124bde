import type { Lang } from '@atrium/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceError } from '../../../shared/device/device-call';
import { DeviceMessage } from '../../../shared/device/device-message';
import { useIdleTimeout } from '../../../shared/hooks/use-idle-timeout';
import { kioskHostFinder, useKioskApplication, useKioskRegister } from '../api/kiosk.api';
import { WalkInForm, type WalkInRegistration } from './walk-in-form';

/**
 * A kiosk keeps no visitor's details on screen for the next one: without a touch, the form and the
 * answer go back to the welcome after two minutes; a visitor waiting for their host may wait longer.
 */
export const WALK_IN_IDLE_MS = 2 * 60_000;
export const WALK_IN_WAITING_MS = 15 * 60_000;

/** Where the walk-in is: filling in the form, waiting for their host, turned away, or approved without a code to check in with. */
type Step = { kind: 'form' } | { kind: 'waiting'; id: number; hostName: string } | { kind: 'rejected'; reason: string | null } | { kind: 'approvedAtReception' };

/** A refusal, in the language it came in: after a switch of language it is no longer shown. */
type Refusal = { message: string; lang: Lang };

export interface KioskWalkInProps {
  token: string;
  lang: Lang;
  /** The company's visit reasons (the kiosk's configuration). */
  reasons: ReadonlyArray<{ id: number; name: string }>;
  /** The kiosk's colour. */
  color: string;
  /** The host approved: the kiosk checks in with the pass's code, as if its scanner had read it. */
  onApproved: (code: string) => void;
  /** Back to the welcome (cancelled, timed out, or done). */
  onClose: () => void;
  onSignedOut: () => void;
}

/**
 * "No invitation?" at the kiosk: the visitor registers themselves, then waits here while their host
 * decides; once approved the kiosk checks them in and welcomes them like any invited visitor.
 */
export function KioskWalkIn({ token, lang, reasons, color, onApproved, onClose, onSignedOut }: KioskWalkInProps) {
  const { t } = useTranslation();
  const register = useKioskRegister(token, lang);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  useIdleTimeout(step.kind === 'waiting' ? WALK_IN_WAITING_MS : WALK_IN_IDLE_MS, onClose);

  const submit = async ({ body, host }: WalkInRegistration) => {
    setRefusal(null);
    try {
      const { id } = await register.mutateAsync(body);
      setStep({ kind: 'waiting', id, hostName: host.fullName });
    } catch (failure) {
      if (failure instanceof DeviceError && failure.status === 401) onSignedOut();
      else setRefusal({ message: (failure instanceof DeviceError && failure.message) || t('visitor.kiosk.offline'), lang });
    }
  };

  if (step.kind === 'waiting') {
    return <WaitingForApproval token={token} lang={lang} id={step.id} hostName={step.hostName} onApproved={onApproved} onDecided={setStep} onCancel={onClose} onSignedOut={onSignedOut} />;
  }
  if (step.kind !== 'form') {
    return (
      <section className="kiosk-card kiosk-walk-in-answer" data-testid="kiosk-walk-in-answer">
        {step.kind === 'rejected' ? (
          <>
            <DeviceMessage kind="error">{t('visitor.kiosk.rejectedTitle')}</DeviceMessage>
            {step.reason ? <p data-testid="kiosk-walk-in-reason">{t('visitor.kiosk.rejectedReason', { reason: step.reason })}</p> : null}
            <p>{t('visitor.kiosk.rejectedHint')}</p>
          </>
        ) : (
          <DeviceMessage kind="ok">{t('visitor.kiosk.approvedAtReception')}</DeviceMessage>
        )}
        <button type="button" className="kiosk-button" onClick={onClose}>
          {t('visitor.kiosk.startOver')}
        </button>
      </section>
    );
  }
  return (
    <section className="kiosk-card kiosk-walk-in" aria-labelledby="kiosk-walk-in-title">
      <h2 id="kiosk-walk-in-title">{t('visitor.kiosk.registerTitle')}</h2>
      <p>{t('visitor.kiosk.registerHint')}</p>
      <WalkInForm
        reasons={reasons}
        hostFinder={kioskHostFinder(token, lang)}
        onSubmit={(registration) => void submit(registration)}
        isSubmitting={register.isPending}
        refusal={refusal?.lang === lang ? refusal.message : null}
        size="kiosk"
        color={color}
        onCancel={onClose}
      />
    </section>
  );
}

interface WaitingProps {
  token: string;
  lang: Lang;
  id: number;
  hostName: string;
  onApproved: (code: string) => void;
  onDecided: (step: Step) => void;
  onCancel: () => void;
  onSignedOut: () => void;
}

/** The application read every few seconds until the host decides; an approval hands its code on once. */
function WaitingForApproval({ token, lang, id, hostName, onApproved, onDecided, onCancel, onSignedOut }: WaitingProps) {
  const { t } = useTranslation();
  const application = useKioskApplication(token, id, lang);
  const answer = application.data;
  const isSignedOut = application.error instanceof DeviceError && application.error.status === 401;
  const handedOn = useRef(false);

  useEffect(() => {
    if (isSignedOut) onSignedOut();
  }, [isSignedOut, onSignedOut]);
  useEffect(() => {
    if (!answer || answer.state === 'pending' || handedOn.current) return;
    handedOn.current = true;
    if (answer.state === 'rejected') onDecided({ kind: 'rejected', reason: answer.reason });
    else if (answer.code) onApproved(answer.code);
    else onDecided({ kind: 'approvedAtReception' });
  }, [answer, onApproved, onDecided]);

  return (
    <section className="kiosk-card kiosk-walk-in-waiting" aria-live="polite" data-testid="kiosk-walk-in-waiting">
      <div className="kiosk-waiting-mark" aria-hidden="true" />
      <h2>{t('visitor.kiosk.waitingTitle', { host: answer?.hostName ?? hostName })}</h2>
      <p>{t('visitor.kiosk.waitingHint')}</p>
      <button type="button" className="kiosk-button kiosk-secondary" onClick={onCancel}>
        {t('visitor.register.cancel')}
      </button>
    </section>
  );
}
