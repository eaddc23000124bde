import type { Lang, VisitStep } from '@atrium/contract';
import { ConfigProvider } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceError } from '../../../shared/device/device-call';
import { DeviceMessage } from '../../../shared/device/device-message';
import { useIdleTimeout } from '../../../shared/hooks/use-idle-timeout';
import { useKioskAnswer, useKioskGivePhoto, useKioskSignNda, useKioskSteps } from '../api/kiosk.api';
import { useVisitorFormTheme } from './visitor-form-theme';
import { VisitNdaForm } from './visit-steps/visit-nda-form';
import { VisitPhotoPicker } from './visit-steps/visit-photo-picker';
import { VisitQuestionsForm } from './visit-steps/visit-questions-form';
import { stepsLeft } from '@atrium/contract';

/**
 * Without a touch the steps go back to the welcome, forgetting the visitor: longer than a walk-in's
 * form, since an agreement takes a while to read (scrolling it counts as a touch).
 */
export const KIOSK_STEPS_IDLE_MS = 3 * 60_000;

/** A refusal, in the language it came in: after a switch of language it is no longer shown. */
type Refusal = { message: string; lang: Lang };

export interface KioskStepsProps {
  token: string;
  lang: Lang;
  /** The pass's code whose check-in was refused for steps still to do: every step is posted with it. */
  code: string;
  /** The kiosk's colour. */
  color: string;
  /** Every step done: the kiosk checks in again with the code. `admits` false: the answers send the visitor to reception. */
  onDone: (admits: boolean | null) => void;
  /** Back to the welcome (cancelled, or timed out). */
  onClose: () => void;
  onSignedOut: () => void;
}

/**
 * What a visitor does at the kiosk before check-in (decision 0018, "What a visitor does before
 * check-in"), when they did not on their pass: the steps still to do, one screen each (sign the
 * agreement, take a photo with the tablet's camera, answer the questions), then the check-in again.
 */
export function KioskSteps({ token, lang, code, color, onDone, onClose, onSignedOut }: KioskStepsProps) {
  const { t } = useTranslation();
  const theme = useVisitorFormTheme(color, 'kiosk');
  const visit = useKioskSteps(token, code, lang);
  const sign = useKioskSignNda(token, lang);
  const give = useKioskGivePhoto(token, lang);
  const answer = useKioskAnswer(token, lang);
  const [done, setDone] = useState<VisitStep[]>([]);
  const [hasPhoto, setHasPhoto] = useState(false);
  const [admits, setAdmits] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const handedOn = useRef(false);
  useIdleTimeout(KIOSK_STEPS_IDLE_MS, onClose);

  // The steps left when the visitor arrived at this screen: the progress counts them.
  const todo = useMemo(() => (visit.data ? stepsLeft(visit.data.requirements, visit.data.completion) : []), [visit.data]);
  const current = todo.find((step) => !done.includes(step)) ?? null;
  const isFinished = visit.data !== undefined && current === null;
  const isSignedOut = visit.error instanceof DeviceError && visit.error.status === 401;

  useEffect(() => {
    if (isSignedOut) onSignedOut();
  }, [isSignedOut, onSignedOut]);
  useEffect(() => {
    if (!isFinished || handedOn.current) return;
    handedOn.current = true;
    onDone(admits);
  }, [isFinished, admits, onDone]);

  /** Says a refused call in the visitor's language (a kiosk signed out asks for its code again), and rejects again. */
  const refuse = (failure: unknown): never => {
    if (failure instanceof DeviceError && failure.status === 401) onSignedOut();
    else setRefusal({ message: (failure instanceof DeviceError && failure.message) || t('visitor.kiosk.offline'), lang });
    throw failure;
  };
  /** Posts a step; done, the next one shows; refused, the visitor stays on it. */
  const complete = (step: VisitStep, send: () => Promise<unknown>) => {
    setRefusal(null);
    send()
      .then(() => setDone((steps) => [...steps, step]), refuse)
      .catch(() => undefined);
  };

  if (visit.isError) {
    return (
      <section className="kiosk-card kiosk-steps" data-testid="kiosk-steps">
        <DeviceMessage kind="error">{(visit.error instanceof DeviceError && visit.error.message) || t('visitor.kiosk.offline')}</DeviceMessage>
        <button type="button" className="kiosk-button" onClick={onClose}>
          {t('visitor.kiosk.startOver')}
        </button>
      </section>
    );
  }
  if (!visit.data || isFinished) {
    return (
      <section className="kiosk-card kiosk-steps" aria-live="polite" data-testid="kiosk-steps">
        <div className="kiosk-waiting-mark" aria-hidden="true" />
        <p>{t(isFinished ? 'visitor.kiosk.stepsCheckingIn' : 'visitor.kiosk.loading')}</p>
      </section>
    );
  }

  const { requirements, visitorName } = visit.data;
  const at = todo.indexOf(current!) + 1;
  return (
    <section className="kiosk-card kiosk-steps" aria-labelledby="kiosk-steps-title" data-testid="kiosk-steps">
      <h2 id="kiosk-steps-title">{t('visitor.kiosk.stepsTitle', { name: visitorName })}</h2>
      <p className="kiosk-steps-progress" data-testid="kiosk-steps-progress">
        {t('visitor.kiosk.stepsProgress', { at, total: todo.length })}
      </p>
      <h3 className="kiosk-steps-step" data-testid={`kiosk-steps-${current}`}>
        {t(`visitor.visitSteps.titles.${current}`)}
      </h3>
      {refusal?.lang === lang ? <DeviceMessage kind="error">{refusal.message}</DeviceMessage> : null}
      <ConfigProvider theme={theme}>
        <div className="kiosk-steps-body">
          {current === 'nda' ? (
            <VisitNdaForm
              key="nda"
              text={requirements.ndaText ?? ''}
              onSign={(signedName) => complete('nda', () => sign.mutateAsync({ code, signedName }))}
              isSigning={sign.isPending}
              size="kiosk"
            />
          ) : current === 'photo' ? (
            <VisitPhotoPicker
              key="photo"
              onPick={async (photo) => {
                setRefusal(null);
                await give.mutateAsync({ code, photo }).catch(refuse);
                setHasPhoto(true);
              }}
              isSending={give.isPending}
              hasPhoto={hasPhoto}
              size="kiosk"
            />
          ) : (
            <VisitQuestionsForm
              key="questions"
              questions={requirements.questions}
              onSubmit={(answers) =>
                complete('questions', async () => {
                  const { result } = await answer.mutateAsync({ code, answers });
                  setAdmits(result.admit);
                })
              }
              isSubmitting={answer.isPending}
              size="kiosk"
            />
          )}
        </div>
      </ConfigProvider>
      <div className="kiosk-actions">
        <button type="button" className="kiosk-button kiosk-secondary" onClick={onClose}>
          {t('visitor.register.cancel')}
        </button>
        {current === 'photo' && hasPhoto ? (
          <button type="button" className="kiosk-button" onClick={() => setDone((steps) => [...steps, 'photo'])} data-testid="kiosk-steps-next">
            {t('visitor.kiosk.stepsNext')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
