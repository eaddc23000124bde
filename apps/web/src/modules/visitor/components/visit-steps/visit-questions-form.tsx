import { VISIT_ANSWERS, type VisitAnswer, type VisitCompletion } from '@atrium/contract';
import { Button, Radio } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitorControlSize } from '../visitor-form-theme';
import './visit-steps.css';

export interface VisitQuestionsFormProps {
  questions: readonly string[];
  /** One answer a question, in their order. */
  onSubmit: (answers: VisitAnswer[]) => void;
  isSubmitting: boolean;
  size: VisitorControlSize;
}

/** The visit's yes-or-no questions (on the visitor's pass and at the kiosk), sent once every one is answered. */
export function VisitQuestionsForm({ questions, onSubmit, isSubmitting, size }: VisitQuestionsFormProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [answers, setAnswers] = useState<Array<VisitAnswer | undefined>>(() => questions.map(() => undefined));
  const isComplete = questions.every((_, at) => answers[at] !== undefined);

  const answer = (at: number, value: VisitAnswer) => setAnswers((current) => current.map((previous, index) => (index === at ? value : previous)));

  return (
    <div className={`visit-steps-questions is-${size}`}>
      <p className="visit-steps-help">{t('visitor.visitSteps.questionsHelp')}</p>
      <ol className="visit-steps-question-list">
        {questions.map((question, at) => (
          <li key={at} className="visit-steps-question" data-testid={`visit-steps-question-${at}`}>
            <p id={`${idPrefix}-${at}`}>{question}</p>
            <Radio.Group
              aria-labelledby={`${idPrefix}-${at}`}
              optionType="button"
              buttonStyle="solid"
              block
              disabled={isSubmitting}
              value={answers[at]}
              onChange={(event) => answer(at, event.target.value as VisitAnswer)}
              options={VISIT_ANSWERS.map((value) => ({ value, label: t(`visitor.visitSteps.answers.${value}`) }))}
            />
          </li>
        ))}
      </ol>
      <Button
        type="primary"
        block
        disabled={!isComplete}
        loading={isSubmitting}
        onClick={() => onSubmit(answers.filter((value): value is VisitAnswer => value !== undefined))}
        data-testid="visit-steps-answers-submit"
      >
        {t('visitor.visitSteps.submitAnswers')}
      </Button>
    </div>
  );
}

/** The answers as given, read-only: each question with the visitor's yes or no. */
export function VisitAnswerList({ answers }: { answers: NonNullable<VisitCompletion['answers']> }) {
  const { t } = useTranslation();
  return (
    <dl className="visit-steps-answer-list" data-testid="visit-steps-answer-list">
      {answers.map(({ question, answer }, at) => (
        <div key={at} className="visit-steps-answer">
          <dt>{question}</dt>
          <dd className={`is-${answer}`}>{t(`visitor.visitSteps.answers.${answer}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
