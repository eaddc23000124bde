import { fileTypeFromBuffer } from 'file-type';
import { localDateTime, ReturnCode, stepsLeft, VISIT_PHOTO_MAX_BYTES, VISIT_PHOTO_SIZE, type Lang, type Visit, type VisitAnswer, type VisitStep } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import { IMAGE_MAX_PIXELS_LABEL, ImageRefused, thumbnail } from '../../platform/images.js';
import { wrongFormat } from '../upload/upload.service.js';
import type { VisitDocumentKind, VisitorRepository } from './visitor.repository.js';
import type { VisitStepsRepository } from './visitor-steps.repository.js';
import { requirementsOf, type VisitorRules } from './visitor-rules.js';
import { findBadgeFonts, type BadgeFonts } from './visitor-badge.js';
import { renderSignedNda, type SignedNda } from './visitor-nda.js';
import { visitTimeText } from './visitor.mails.js';

export interface VisitorStepsDeps {
  steps: VisitStepsRepository;
  rules: Pick<VisitorRules, 'forVisit'>;
  visitors: Pick<VisitorRepository, 'companyName'>;
  clock: Clock;
  /** The machine's fonts unless given (tests give Helvetica's). */
  fonts?: BadgeFonts;
}

export type VisitorSteps = ReturnType<typeof createVisitorSteps>;

/** A visit the visitor may still act on: not cancelled, not checked in or out, not over. */
const isOpen = (visit: Visit) => visit.status === 'notResponded' || visit.status === 'responded';

export const photoTooLarge = () => new AppError(ReturnCode.PAYLOAD_TOO_LARGE, 'uploadTooLarge', { limit: `${VISIT_PHOTO_MAX_BYTES / 1024 / 1024} MB` });

/**
 * What a visitor does before check-in (decision 0018, "What a visitor does before check-in"): the rule
 * of their visit's place and reason may ask them to sign its non-disclosure agreement (kept as a PDF
 * with the visit), give a photo (checked by its content, kept small, on their badge) and answer yes-or-no
 * questions (an answer other than the one that admits sends them to reception). They do it on their
 * pass, on the walk-in page (which opens their pass) or at the kiosk; check-in waits until it is done.
 * The callers resolve the visit (a pass token, a kiosk's scan, reception's scope); this works on it.
 */
export function createVisitorSteps({ steps, rules, visitors, clock, fonts = findBadgeFonts() }: VisitorStepsDeps) {
  function ensureOpen(visit: Visit): void {
    if (!isOpen(visit)) throw refused('visitPassClosed');
  }

  return {
    /** The steps a visit still has to do before check-in. */
    async missing(companyId: number, visit: Visit): Promise<VisitStep[]> {
      return stepsLeft(requirementsOf(await rules.forVisit(companyId, visit)), visit.completion);
    },

    /** Signs the agreement by the typed name: its copy is written as a PDF and kept with the visit. Once. */
    async signNda(companyId: number, visit: Visit, signedName: string, signedOn: SignedNda['signedOn'], lang: Lang): Promise<void> {
      ensureOpen(visit);
      const rule = await rules.forVisit(companyId, visit);
      if (rule.ndaText === null) throw refused('visitStepNotAsked');
      if (visit.completion.ndaSignedAt !== null) throw refused('visitNdaSignedAlready');
      const now = clock.now();
      const zone = visit.location?.timeZone ?? null;
      const pdf = await renderSignedNda(
        {
          companyName: await visitors.companyName(companyId),
          place: visit.location?.name ?? null,
          visitorName: visit.visitorName,
          visitorCompany: visit.visitorCompany,
          hostName: visit.host?.name ?? null,
          visitTime: visitTimeText(visit.visitAt, visit.expectedEndAt, zone),
          text: rule.ndaText,
          signedName,
          signedAtText: `${localDateTime(now, zone)} (${zone ?? 'UTC'})`,
          signedOn,
          visitId: visit.id,
          lang,
        },
        fonts,
      );
      // Two signatures at once: the conditional update lets one through.
      if (!(await steps.signNda(companyId, visit.id, signedName, pdf, now))) throw refused('visitNdaSignedAlready');
    },

    /**
     * Keeps the visitor's photo: a JPEG or PNG by its content (anything else 415), upright, without
     * its metadata, within VISIT_PHOTO_SIZE pixels a side. A new photo replaces the one before.
     */
    async savePhoto(companyId: number, visit: Visit, content: Buffer): Promise<void> {
      ensureOpen(visit);
      const rule = await rules.forVisit(companyId, visit);
      if (!rule.photo) throw refused('visitStepNotAsked');
      if (content.length > VISIT_PHOTO_MAX_BYTES) throw photoTooLarge();
      const type = await fileTypeFromBuffer(content);
      if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png')) throw wrongFormat();
      let photo;
      try {
        photo = await thumbnail(content, { width: VISIT_PHOTO_SIZE, height: VISIT_PHOTO_SIZE });
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        throw error.reason === 'tooManyPixels' ? new AppError(ReturnCode.PAYLOAD_TOO_LARGE, 'uploadTooLarge', { limit: IMAGE_MAX_PIXELS_LABEL }) : wrongFormat();
      }
      const contentType = photo.format === 'png' ? 'image/png' : 'image/jpeg';
      if (!(await steps.savePhoto(companyId, visit.id, { content: photo.content, contentType }, clock.now()))) throw refused('visitPassClosed');
    },

    /** Records an answer to every question, once; answers whether they admit the visitor by themselves. */
    async answer(companyId: number, visit: Visit, answers: VisitAnswer[]): Promise<{ admit: boolean }> {
      ensureOpen(visit);
      const rule = await rules.forVisit(companyId, visit);
      if (rule.questions.length === 0) throw refused('visitStepNotAsked');
      if (visit.completion.answeredAt !== null) throw refused('visitAnsweredAlready');
      if (answers.length !== rule.questions.length) throw refused('visitAnswersCount', { count: rule.questions.length });
      const admit = rule.questions.every((question, index) => answers[index] === question.admitWhen);
      const given = JSON.stringify(rule.questions.map((question, index) => ({ question: question.text, answer: answers[index] })));
      if (!(await steps.saveAnswers(companyId, visit.id, given, admit, clock.now()))) throw refused('visitAnsweredAlready');
      return { admit };
    },

    /** A visit's kept document; 404 when there is none (not given, or deleted after its retention). */
    async document(companyId: number, visit: Visit, kind: VisitDocumentKind): Promise<{ content: Buffer; contentType: string }> {
      const found = await steps.document(companyId, visit.id, kind);
      if (!found) throw notFound('visitDocumentMissing');
      return { content: Buffer.from(found.content), contentType: found.content_type };
    },
  };
}
