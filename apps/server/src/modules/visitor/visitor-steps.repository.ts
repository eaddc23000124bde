import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { VisitDocumentKind } from './visitor.repository.js';

export type VisitStepsRepository = ReturnType<typeof createVisitStepsRepository>;

/**
 * What a visitor does before check-in, as kept (decision 0018, "What a visitor does before check-in"):
 * each step is written only while the visit is open (not cancelled, not checked in), and its document
 * in the same transaction, so a copy never exists without its record nor a record without its copy.
 */
export function createVisitStepsRepository(db: Kysely<DB>) {
  const openVisit = (trx: Kysely<DB>, companyId: number, visitId: number) =>
    trx.updateTable('visits').where('company_id', '=', companyId).where('id', '=', visitId).where('cancelled_at', 'is', null).where('checked_in_at', 'is', null);

  return {
    /** Records the signature and its PDF, once; false when the visit is closed or was signed already. */
    signNda(companyId: number, visitId: number, signedName: string, pdf: Buffer, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await openVisit(trx, companyId, visitId).where('nda_signed_at', 'is', null).set({ nda_signed_name: signedName, nda_signed_at: now, updated_at: now }).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx.insertInto('visit_documents').values({ company_id: companyId, visit_id: visitId, kind: 'nda', content_type: 'application/pdf', content: pdf, created_at: now }).execute();
        return true;
      });
    },

    /** Keeps the visitor's photo, replacing one given before; false when the visit is closed. */
    savePhoto(companyId: number, visitId: number, photo: { content: Buffer; contentType: string }, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await openVisit(trx, companyId, visitId).set({ photo_at: now, updated_at: now }).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const values = { content_type: photo.contentType, content: photo.content, created_at: now };
        await trx
          .insertInto('visit_documents')
          .values({ company_id: companyId, visit_id: visitId, kind: 'photo', ...values })
          .onConflict((conflict) => conflict.columns(['visit_id', 'kind']).doUpdateSet(values))
          .execute();
        return true;
      });
    },

    /** Records the answers, once; false when the visit is closed or was answered already. */
    async saveAnswers(companyId: number, visitId: number, answers: string, admit: boolean, now: number): Promise<boolean> {
      const result = await openVisit(db, companyId, visitId).where('answered_at', 'is', null).set({ answers, answered_at: now, answers_admit: admit ? 1 : 0, updated_at: now }).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    document(companyId: number, visitId: number, kind: VisitDocumentKind): Promise<{ content: Buffer; content_type: string } | undefined> {
      return db.selectFrom('visit_documents').select(['content', 'content_type']).where('company_id', '=', companyId).where('visit_id', '=', visitId).where('kind', '=', kind).executeTakeFirst();
    },
  };
}
