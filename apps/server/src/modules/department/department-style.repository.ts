import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Settings key marking that a company's palette got its starting colours (so deleting them all sticks). */
export const PALETTE_SEEDED_KEY = 'groupPaletteSeeded';

export interface StyleRecord {
  id: number;
  color: string;
}

export type DepartmentStyleRepository = ReturnType<typeof createDepartmentStyleRepository>;

/** The company's department palette; departments keep a copy of their swatch's colour, updated here. */
export function createDepartmentStyleRepository(db: Kysely<DB>) {
  return {
    async listStyles(companyId: number): Promise<StyleRecord[]> {
      return db.selectFrom('department_styles').select(['id', 'color']).where('company_id', '=', companyId).orderBy('id').execute();
    },

    async findStyle(companyId: number, id: number): Promise<StyleRecord | undefined> {
      return db.selectFrom('department_styles').select(['id', 'color']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    },

    async findStyleIdByColor(companyId: number, color: string): Promise<number | undefined> {
      const row = await db.selectFrom('department_styles').select('id').where('company_id', '=', companyId).where('color', '=', color).executeTakeFirst();
      return row?.id;
    },

    async insertStyle(companyId: number, color: string, now: number): Promise<number> {
      const row = await db.insertInto('department_styles').values({ company_id: companyId, color, created_at: now }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Adds colours, skipping any already in the palette (two first visits at once add them once). */
    async insertStylesIfAbsent(companyId: number, colors: readonly string[], now: number): Promise<void> {
      if (colors.length === 0) return;
      await db
        .insertInto('department_styles')
        .values(colors.map((color) => ({ company_id: companyId, color, created_at: now })))
        .onConflict((conflict) => conflict.columns(['company_id', 'color']).doNothing())
        .execute();
    },

    /** Changes a swatch and the colour of every department using it. */
    async updateStyle(companyId: number, id: number, color: string): Promise<void> {
      await db.updateTable('department_styles').set({ color }).where('company_id', '=', companyId).where('id', '=', id).execute();
      await db.updateTable('departments').set({ style_color: color }).where('company_id', '=', companyId).where('style_id', '=', id).execute();
    },

    /** Deletes swatches of the company; departments using them lose their colour. Answers the deleted ones. */
    async deleteStyles(companyId: number, ids: readonly number[]): Promise<StyleRecord[]> {
      const existing = await db
        .selectFrom('department_styles')
        .select(['id', 'color'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [...ids])
        .execute();
      if (existing.length === 0) return [];
      const found = existing.map((style) => style.id);
      await db.updateTable('departments').set({ style_id: null, style_color: null }).where('company_id', '=', companyId).where('style_id', 'in', found).execute();
      await db.deleteFrom('department_styles').where('company_id', '=', companyId).where('id', 'in', found).execute();
      return existing;
    },
  };
}
