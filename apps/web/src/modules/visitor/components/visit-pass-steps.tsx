import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import { askedSteps, isStepDone, toZoned, type Lang, type VisitPass, type VisitStep } from '@atrium/contract';
import { Alert, App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDate, dayTitle } from '../../../shared/i18n/date-titles';
import { useAnswerVisit, useGiveVisitPhoto, useSignVisitNda } from '../api/visit-pass.api';
import { SignedNdaButton } from './signed-nda-button';
import { passZone } from './visit-pass-details';
import { VISITOR_CONTROL_SIZES } from './visitor-form-theme';
import { VisitNdaForm } from './visit-steps/visit-nda-form';
import { VisitPhotoPicker } from './visit-steps/visit-photo-picker';
import { VisitAnswerList, VisitQuestionsForm } from './visit-steps/visit-questions-form';

/** Finger-sized controls in the console's colours: 16 px text, so that a phone does not zoom into a field. */
const PHONE_THEME = { token: VISITOR_CONTROL_SIZES.phone };

/** Whether the visit can still be checked in, and so its steps taken: not cancelled, checked in or over. */
const isCheckable = (pass: VisitPass) => pass.status === 'notResponded' || pass.status === 'responded';

export interface VisitPassStepsProps {
  pass: VisitPass;
  token: string;
}

/**
 * "Before your visit" on the pass (decision 0018, "What a visitor does before check-in"): the
 * agreement to sign, the photo to give and the questions to answer that the visit's rule asks,
 * each done once here (a photo may be replaced), so that the kiosk checks the visitor in at once.
 */
export function VisitPassSteps({ pass, token }: VisitPassStepsProps) {
  const { t } = useTranslation();
  const steps = askedSteps(pass.requirements);
  if (steps.length === 0 || !isCheckable(pass)) return null;
  const done = steps.filter((step) => isStepDone(step, pass.completion)).length;
  return (
    <section className="atrium-pass-section atrium-pass-steps" aria-labelledby="visit-pass-steps-title" data-testid="visit-pass-steps">
      <h2 id="visit-pass-steps-title">{t('visitor.pass.stepsTitle')}</h2>
      <p className="atrium-pass-lead">{t('visitor.pass.stepsLead')}</p>
      <p className={`atrium-pass-steps-progress${done === steps.length ? ' is-done' : ''}`} role="status" data-testid="visit-pass-steps-progress">
        {done === steps.length ? <CheckCircleFilled aria-hidden /> : null} {t('visitor.pass.stepsProgress', { done, total: steps.length })}
      </p>
      <ConfigProvider theme={PHONE_THEME}>
        <ol className="atrium-pass-step-list">
          {steps.map((step) => (
            <PassStep key={step} step={step} isDone={isStepDone(step, pass.completion)}>
              {step === 'nda' ? <NdaStep pass={pass} token={token} /> : step === 'photo' ? <PhotoStep pass={pass} token={token} /> : <QuestionsStep pass={pass} token={token} />}
            </PassStep>
          ))}
        </ol>
      </ConfigProvider>
    </section>
  );
}

/** One step: its name, marked once done, and what the visitor does. */
function PassStep({ step, isDone, children }: { step: VisitStep; isDone: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className={`atrium-pass-step${isDone ? ' is-done' : ''}`} data-testid={`visit-pass-step-${step}`}>
      <h3>
        {t(`visitor.visitSteps.titles.${step}`)}
        {isDone ? (
          <span className="atrium-pass-step-done">
            <CheckCircleFilled aria-hidden /> {t('visitor.pass.stepDone')}
          </span>
        ) : null}
      </h3>
      {children}
    </li>
  );
}

/** The agreement: signed by typing the full name; then who signed when, and the signed copy to download. */
function NdaStep({ pass, token }: VisitPassStepsProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const sign = useSignVisitNda(token);
  const { ndaSignedName, ndaSignedAt } = pass.completion;

  if (ndaSignedAt === null) {
    return (
      <VisitNdaForm
        text={pass.requirements.ndaText ?? ''}
        onSign={(signedName) => sign.mutate({ signedName }, { onSuccess: (answer) => void message.success(answer.message) })}
        isSigning={sign.isPending}
        size="phone"
      />
    );
  }

  const signedAt = toZoned(ndaSignedAt, passZone(pass));
  return (
    <div className="atrium-pass-step-result">
      <p data-testid="visit-pass-nda-signed">
        {t('visitor.pass.ndaSigned', { name: ndaSignedName ?? '', day: dayTitle(calendarDate(signedAt.date), i18n.language as Lang), time: signedAt.time })}
      </p>
      <SignedNdaButton token={token} testId="visit-pass-nda-download" />
    </div>
  );
}

/** The photo: taken with the phone's front camera, replaceable while the visit is open. */
function PhotoStep({ pass, token }: VisitPassStepsProps) {
  const { message } = App.useApp();
  const give = useGiveVisitPhoto(token);
  return (
    <VisitPhotoPicker
      onPick={async (photo) => void message.success((await give.mutateAsync(photo)).message)}
      isSending={give.isPending}
      hasPhoto={pass.completion.photoAt !== null}
      size="phone"
    />
  );
}

/** The questions, answered once; then the answers as given, and "see reception" when they do not let the visitor in by themselves. */
function QuestionsStep({ pass, token }: VisitPassStepsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const answerVisit = useAnswerVisit(token);
  const { answers } = pass.completion;

  if (answers === null) {
    return (
      <VisitQuestionsForm
        questions={pass.requirements.questions}
        onSubmit={(given) =>
          answerVisit.mutate(
            { answers: given },
            {
              // Answers that do not admit are said by the notice that stays below them.
              onSuccess: (answer) => void (answer.result.admit && message.success(answer.message)),
            },
          )
        }
        isSubmitting={answerVisit.isPending}
        size="phone"
      />
    );
  }
  return (
    <div className="atrium-pass-step-result">
      <VisitAnswerList answers={answers} />
      {pass.answersAdmit === false ? <Alert type="info" showIcon title={t('visitor.pass.seeReception')} className="atrium-pass-see-reception" data-testid="visit-pass-see-reception" /> : null}
    </div>
  );
}
