import type { Kysely } from 'kysely';
import type { AssetCategory, AssetModel } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { nameKey } from '../../db/name-key.js';

export type AssetCatalogueRepository = ReturnType<typeof createAssetCatalogueRepository>;

export interface AssetModelValues {
  categoryId: number;
  name: string;
  manufacturer: string | null;
  modelNumber: string | null;
}

/** The categories as a tree read depth-first, siblings by name: each with its depth. */
function depthFirst<T extends { id: number; parentId: number | null; nameKey: string }>(rows: T[]): Array<T & { depth: number }> {
  const children = new Map<number | null, T[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  for (const list of children.values()) list.sort((a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.id - b.id));
  const out: Array<T & { depth: number }> = [];
  const visit = (parentId: number | null, depth: number) => {
    for (const row of children.get(parentId) ?? []) {
      out.push({ ...row, depth });
      visit(row.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** The categories and models of the asset catalogue (/deskeeper-equipment); the only code querying them. */
export function createAssetCatalogueRepository(db: Kysely<DB>) {
  return {
    /** The company's categories not deleted, depth-first by name, with their model and child counts. */
    async listCategories(companyId: number): Promise<AssetCategory[]> {
      const rows = await db
        .selectFrom('asset_categories as c')
        .select((eb) => [
          'c.id',
          'c.parent_id',
          'c.name',
          'c.name_key',
          eb.selectFrom('asset_models as m').select((f) => f.fn.countAll<string | number>().as('n')).whereRef('m.category_id', '=', 'c.id').where('m.deleted_at', 'is', null).as('model_count'),
          eb.selectFrom('asset_categories as k').select((f) => f.fn.countAll<string | number>().as('n')).whereRef('k.parent_id', '=', 'c.id').where('k.deleted_at', 'is', null).as('child_count'),
        ])
        .where('c.company_id', '=', companyId)
        .where('c.deleted_at', 'is', null)
        .execute();
      return depthFirst(rows.map((row) => ({ id: row.id, parentId: row.parent_id, name: row.name, nameKey: row.name_key, modelCount: Number(row.model_count ?? 0), childCount: Number(row.child_count ?? 0) }))).map(
        ({ nameKey: _key, ...category }) => category,
      );
    },

    async findCategory(companyId: number, id: number): Promise<AssetCategory | undefined> {
      return (await this.listCategories(companyId)).find((category) => category.id === id);
    },

    /** The category and every category under it. */
    async categoryWithDescendants(companyId: number, id: number): Promise<number[]> {
      const rows = await db.selectFrom('asset_categories').select(['id', 'parent_id']).where('company_id', '=', companyId).where('deleted_at', 'is', null).execute();
      const out = [id];
      for (let i = 0; i < out.length; i++) for (const row of rows) if (row.parent_id === out[i]) out.push(row.id);
      return out;
    },

    async categoryNameTaken(companyId: number, parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('asset_categories').select('id').where('company_id', '=', companyId).where('name_key', '=', nameKey(name)).where('deleted_at', 'is', null);
      query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertCategory(companyId: number, parentId: number | null, name: string, now: number): Promise<number> {
      const row = await db
        .insertInto('asset_categories')
        .values({ company_id: companyId, parent_id: parentId, name, name_key: nameKey(name), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateCategory(companyId: number, id: number, values: { name?: string; parentId?: number | null }, now: number): Promise<void> {
      await db
        .updateTable('asset_categories')
        .set({
          ...(values.name === undefined ? {} : { name: values.name, name_key: nameKey(values.name) }),
          ...(values.parentId === undefined ? {} : { parent_id: values.parentId }),
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
    },

    async softDeleteCategory(companyId: number, id: number, now: number): Promise<void> {
      await db.updateTable('asset_categories').set({ deleted_at: now, updated_at: now }).where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    /** The company's models not deleted by name (or those of some categories), with their category and asset count. */
    async listModels(companyId: number, { id, categoryIds }: { id?: number; categoryIds?: number[] } = {}): Promise<AssetModel[]> {
      let query = db
        .selectFrom('asset_models as m')
        .innerJoin('asset_categories as c', 'c.id', 'm.category_id')
        .select((eb) => [
          'm.id',
          'm.category_id',
          'c.name as category_name',
          'm.name',
          'm.manufacturer',
          'm.model_number',
          eb.selectFrom('assets as a').select((f) => f.fn.countAll<string | number>().as('n')).whereRef('a.model_id', '=', 'm.id').where('a.deleted_at', 'is', null).as('asset_count'),
        ])
        .where('m.company_id', '=', companyId)
        .where('m.deleted_at', 'is', null);
      if (id !== undefined) query = query.where('m.id', '=', id);
      if (categoryIds !== undefined) query = query.where('m.category_id', 'in', categoryIds.length ? categoryIds : [0]);
      const rows = await query.orderBy('m.name_key').orderBy('m.id').execute();
      return rows.map((row) => ({
        id: row.id,
        categoryId: row.category_id,
        categoryName: row.category_name,
        name: row.name,
        manufacturer: row.manufacturer,
        modelNumber: row.model_number,
        assetCount: Number(row.asset_count ?? 0),
      }));
    },

    async findModel(companyId: number, id: number): Promise<AssetModel | undefined> {
      return (await this.listModels(companyId, { id }))[0];
    },

    async modelNameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('asset_models').select('id').where('company_id', '=', companyId).where('name_key', '=', nameKey(name)).where('deleted_at', 'is', null);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertModel(companyId: number, values: AssetModelValues, now: number): Promise<number> {
      const row = await db
        .insertInto('asset_models')
        .values({
          company_id: companyId,
          category_id: values.categoryId,
          name: values.name,
          name_key: nameKey(values.name),
          manufacturer: values.manufacturer,
          model_number: values.modelNumber,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateModel(companyId: number, id: number, values: AssetModelValues, now: number): Promise<void> {
      await db
        .updateTable('asset_models')
        .set({ category_id: values.categoryId, name: values.name, name_key: nameKey(values.name), manufacturer: values.manufacturer, model_number: values.modelNumber, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
    },

    async softDeleteModel(companyId: number, id: number, now: number): Promise<void> {
      await db.updateTable('asset_models').set({ deleted_at: now, updated_at: now }).where('company_id', '=', companyId).where('id', '=', id).execute();
    },
  };
}
