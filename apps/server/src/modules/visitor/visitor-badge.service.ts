import type { Lang } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { VisitorRepository, VisitScope } from './visitor.repository.js';
import type { VisitorPasses } from './visitor-pass.service.js';
import { visitTimeText } from './visitor.mails.js';
import { findBadgeFonts, renderBadge, type BadgeFonts, type BadgePrint } from './visitor-badge.js';
import type { VisitStepsRepository } from './visitor-steps.repository.js';

export interface VisitorBadgesDeps {
  visitors: Pick<VisitorRepository, 'find'>;
  passes: Pick<VisitorPasses, 'passQrPng'>;
  /** Where the visitor's photo is kept, for the badge to print it. */
  documents: Pick<VisitStepsRepository, 'document'>;
  clock: Clock;
  log: { warn: (message: string) => void };
  /** The machine's fonts unless given (tests give Helvetica's). */
  fonts?: BadgeFonts;
}

export type VisitorBadges = ReturnType<typeof createVisitorBadges>;

/**
 * Visitor badges (decision 0018, "Badges"): a visit's badge as a PDF for a label stock and a printer's
 * calibration. The stock and offset come from the caller (reception's choice today, a printer's settings
 * later), so this does not care where they were chosen.
 */
export function createVisitorBadges({ visitors, passes, documents, clock, log, fonts = findBadgeFonts() }: VisitorBadgesDeps) {
  if (!fonts.hasCjk) log.warn('Visitor badges: Noto Sans CJK (Debian fonts-noto-cjk) is not installed; badges print Latin text only, in Helvetica');

  return {
    /**
     * The badge of one of the company's visits (reception reads every visit of its company): 404 for
     * an unknown visit or another company's, 422 for a cancelled one. Labels in `lang`.
     */
    async badge(scope: VisitScope, visitId: number, print: BadgePrint, lang: Lang): Promise<Buffer> {
      const { companyId } = scope;
      const visit = await visitors.find(scope, visitId, clock.now());
      if (!visit) throw notFound('visitNotFound');
      if (visit.status === 'cancelled') throw refused('visitBadgeCancelled');
      const facts = {
        visitorName: visit.visitorName,
        visitorCompany: visit.visitorCompany,
        hostName: visit.host?.name ?? null,
        when: visitTimeText(visit.visitAt, visit.expectedEndAt, visit.location?.timeZone ?? null),
        isVip: visit.isVip,
        qrPng: await passes.passQrPng(companyId, visit),
        photo: visit.completion.photoAt === null ? null : ((await documents.document(companyId, visit.id, 'photo'))?.content ?? null),
        lang,
      };
      return renderBadge(facts, print, fonts);
    },
  };
}
