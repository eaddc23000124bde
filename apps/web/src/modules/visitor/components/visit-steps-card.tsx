import { FileProtectOutlined } from '@ant-design/icons';
import type { Visit, VisitAnswer } from '@atrium/contract';
import { Alert, App, Button, Card, Descriptions, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { showsDifferently, zoneName } from '../../../shared/time-zone/zone-text';
import { openVisitAgreement, useVisitPhoto } from '../api/visit-document.api';
import { zonedText } from './visit-parts';
import './visit-steps-card.css';

/** What the visit's rule asks before check-in and what the visitor has done of it, step by step. */
function stepsOf(visit: Visit) {
  const { requirements, completion } = visit;
  return {
    hasNda: (requirements?.ndaText ?? null) !== null || completion.ndaSignedAt !== null,
    hasPhoto: requirements?.photo === true || completion.photoAt !== null,
    hasQuestions: (requirements?.questions.length ?? 0) > 0 || completion.answers !== null,
  };
}

/** Whether the visit's rule asks anything before check-in, or the visitor did something of it: the card shows then. */
export function hasVisitSteps(visit: Visit): boolean {
  const steps = stepsOf(visit);
  return steps.hasNda || steps.hasPhoto || steps.hasQuestions;
}

/**
 * A moment in the visit's place's zone, as the signed copy states it; named with its zone when the
 * reader's shows it differently (the issue-17 rule that a time in another zone says so).
 */
function usePlaceTime(visit: Visit): (ms: number) => string {
  const { t } = useTranslation();
  const viewer = useViewerZone();
  const zone = visit.location?.timeZone ?? viewer;
  return (ms) => (showsDifferently(ms, zone, viewer) ? t('booking.zone.local', { time: zonedText(ms, zone), zone: zoneName(zone, t) }) : zonedText(ms, zone));
}

/**
 * The visit detail's "Before check-in" (decision 0018, "What a visitor does before check-in"): the
 * agreement signed (its copy opens in a new tab), the photo given, the answers; reception is warned
 * when the answers send the visitor to them.
 */
export function VisitStepsCard({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const steps = stepsOf(visit);
  const { completion } = visit;
  const placeTime = usePlaceTime(visit);
  const answer = (value: VisitAnswer) => t(`visitor.detailSteps.${value}`);

  return (
    <Card title={t('visitor.detailSteps.title')} data-testid="visit-detail-steps">
      {visit.answersAdmit === false ? <Alert type="warning" showIcon className="atrium-visit-steps-alert" title={t('visitor.detailSteps.seeReception')} data-testid="visit-steps-reception" /> : null}
      <Descriptions column={1} size="small">
        {steps.hasNda ? (
          <Descriptions.Item label={t('visitor.detailSteps.nda')}>
            {completion.ndaSignedName !== null && completion.ndaSignedAt !== null ? (
              <Space vertical size={4} data-testid="visit-steps-nda">
                <span>{t('visitor.detailSteps.ndaSigned', { name: completion.ndaSignedName, time: placeTime(completion.ndaSignedAt) })}</span>
                <AgreementButton visitId={visit.id} />
              </Space>
            ) : (
              <Typography.Text type="secondary" data-testid="visit-steps-nda">
                {t('visitor.detailSteps.ndaNotSigned')}
              </Typography.Text>
            )}
          </Descriptions.Item>
        ) : null}
        {steps.hasPhoto ? (
          <Descriptions.Item label={t('visitor.detailSteps.photo')}>
            {completion.photoAt !== null ? (
              <VisitPhotoView visit={visit} givenAt={completion.photoAt} caption={t('visitor.detailSteps.photoGiven', { time: placeTime(completion.photoAt) })} />
            ) : (
              <Typography.Text type="secondary" data-testid="visit-steps-photo">
                {t('visitor.detailSteps.photoNotGiven')}
              </Typography.Text>
            )}
          </Descriptions.Item>
        ) : null}
        {steps.hasQuestions ? (
          <Descriptions.Item label={t('visitor.detailSteps.questions')}>
            {completion.answers !== null ? (
              <div data-testid="visit-steps-answers">
                {completion.answeredAt !== null ? <Typography.Text type="secondary">{t('visitor.detailSteps.answered', { time: placeTime(completion.answeredAt) })}</Typography.Text> : null}
                <ol className="atrium-visit-steps-answers">
                  {completion.answers.map((given, index) => (
                    <li key={index}>
                      <span>{given.question}</span>
                      <Tag className="atrium-visit-steps-answer">{answer(given.answer)}</Tag>
                    </li>
                  ))}
                </ol>
              </div>
            ) : (
              <Typography.Text type="secondary" data-testid="visit-steps-answers">
                {t('visitor.detailSteps.notAnswered')}
              </Typography.Text>
            )}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

/** Opens the signed copy; says why when it is not kept any more. */
function AgreementButton({ visitId }: { visitId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isOpening, setOpening] = useState(false);

  async function open() {
    setOpening(true);
    try {
      await openVisitAgreement(visitId);
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    } finally {
      setOpening(false);
    }
  }

  return (
    <Button size="small" className="atrium-visit-steps-open" icon={<FileProtectOutlined />} loading={isOpening} onClick={() => void open()} data-testid="visit-steps-nda-open">
      {t('visitor.detailSteps.ndaOpen')}
    </Button>
  );
}

function VisitPhotoView({ visit, givenAt, caption }: { visit: Visit; givenAt: number; caption: string }) {
  const { t } = useTranslation();
  const photo = useVisitPhoto(visit.id, givenAt);
  return (
    <Space vertical size={4} data-testid="visit-steps-photo">
      {photo.url ? (
        <img className="atrium-visit-steps-photo" src={photo.url} alt={t('visitor.detailSteps.photoAlt', { name: visit.visitorName })} />
      ) : photo.isFailed ? (
        <Typography.Text type="secondary">{t('visitor.detailSteps.photoUnavailable')}</Typography.Text>
      ) : (
        <Spin size="small" />
      )}
      <Typography.Text type="secondary">{caption}</Typography.Text>
    </Space>
  );
}
