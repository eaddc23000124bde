import type { AddAssetCategoryBody, AssetCategory, AssetModel, AssetOptions, MoveAssetCategoryBody, RenameAssetCategoryBody, SaveAssetModelBody } from '@atrium/contract';
import type { Kysely } from 'kysely';
import { withWriteTransaction } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { createAssetCatalogueRepository, type AssetCatalogueRepository } from './asset-catalogue.repository.js';

export interface AssetCatalogueServiceDeps {
  db: Kysely<DB>;
  catalogue: AssetCatalogueRepository;
  operationLog: OperationLog;
  clock: Clock;
}

export type AssetCatalogueService = ReturnType<typeof createAssetCatalogueService>;

/**
 * The equipment catalogue (/deskeeper-equipment, decision 0019 "Assets"): categories as a tree and
 * models in them. A category or a model still used (by a category, a model or an asset) is not deleted.
 */
export function createAssetCatalogueService({ db, catalogue, operationLog, clock }: AssetCatalogueServiceDeps) {
  const transact = <T>(fn: (repo: AssetCatalogueRepository) => Promise<T>) => withWriteTransaction(db, (trx) => fn(createAssetCatalogueRepository(trx)));

  async function getCategory(repo: AssetCatalogueRepository, companyId: number, id: number): Promise<AssetCategory> {
    const category = await repo.findCategory(companyId, id);
    if (!category) throw notFound('assetCategoryNotFound');
    return category;
  }

  /** A name already under the parent, also when two saves race (the unique index answers). */
  async function withNameCheck<T>(name: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw isUniqueViolation(error) ? refused('assetCategoryNameTaken', { name }) : error;
    }
  }

  return {
    listCategories(companyId: number): Promise<AssetCategory[]> {
      return catalogue.listCategories(companyId);
    },

    /** The catalogue with the company's location nodes (read by the asset repository), for the asset pages. */
    async options(companyId: number, locations: () => Promise<AssetOptions['locations']>): Promise<AssetOptions> {
      const [categories, models, nodes] = await Promise.all([catalogue.listCategories(companyId), catalogue.listModels(companyId), locations()]);
      return { categories, models, locations: nodes };
    },

    async addCategory(actor: Actor, body: AddAssetCategoryBody): Promise<AssetCategory> {
      const parent = body.parentId === null ? null : await getCategory(catalogue, actor.companyId, body.parentId);
      const id = await operationLog.track(
        actor,
        (savedId) => ({ action: 'assetCategory.create', targetType: 'assetCategory', targetId: savedId ?? null, targetName: body.name, detail: parent ? { parentName: parent.name } : {} }),
        () =>
          withNameCheck(body.name, () =>
            transact(async (repo) => {
              if (body.parentId !== null) await getCategory(repo, actor.companyId, body.parentId);
              if (await repo.categoryNameTaken(actor.companyId, body.parentId, body.name)) throw refused('assetCategoryNameTaken', { name: body.name });
              return repo.insertCategory(actor.companyId, body.parentId, body.name, clock.now());
            }),
          ),
      );
      return getCategory(catalogue, actor.companyId, id);
    },

    async renameCategory(actor: Actor, body: RenameAssetCategoryBody): Promise<AssetCategory> {
      const category = await getCategory(catalogue, actor.companyId, body.id);
      await operationLog.track(
        actor,
        { action: 'assetCategory.update', targetType: 'assetCategory', targetId: category.id, targetName: body.name, detail: { previousName: category.name } },
        () =>
          withNameCheck(body.name, () =>
            transact(async (repo) => {
              if (await repo.categoryNameTaken(actor.companyId, category.parentId, body.name, category.id)) throw refused('assetCategoryNameTaken', { name: body.name });
              await repo.updateCategory(actor.companyId, category.id, { name: body.name }, clock.now());
            }),
          ),
      );
      return getCategory(catalogue, actor.companyId, category.id);
    },

    /** Moves a category (with everything under it) under another one, never under itself or its own descendants. */
    async moveCategory(actor: Actor, body: MoveAssetCategoryBody): Promise<AssetCategory> {
      const category = await getCategory(catalogue, actor.companyId, body.id);
      const parent = body.parentId === null ? null : await getCategory(catalogue, actor.companyId, body.parentId);
      const previousParent = category.parentId === null ? null : await catalogue.findCategory(actor.companyId, category.parentId);
      await operationLog.track(
        actor,
        {
          action: 'assetCategory.move',
          targetType: 'assetCategory',
          targetId: category.id,
          targetName: category.name,
          detail: { ...(parent ? { parentName: parent.name } : {}), ...(previousParent ? { previousParentName: previousParent.name } : {}) },
        },
        () =>
          withNameCheck(category.name, () =>
            transact(async (repo) => {
              if (body.parentId !== null && (await repo.categoryWithDescendants(actor.companyId, category.id)).includes(body.parentId)) throw refused('assetCategoryMoveInside');
              if (await repo.categoryNameTaken(actor.companyId, body.parentId, category.name, category.id)) throw refused('assetCategoryNameTaken', { name: category.name });
              await repo.updateCategory(actor.companyId, category.id, { parentId: body.parentId }, clock.now());
            }),
          ),
      );
      return getCategory(catalogue, actor.companyId, category.id);
    },

    /** Deletes a category with no category and no model under it. */
    async deleteCategory(actor: Actor, id: number): Promise<void> {
      const category = await getCategory(catalogue, actor.companyId, id);
      await operationLog.track(actor, { action: 'assetCategory.delete', targetType: 'assetCategory', targetId: id, targetName: category.name, detail: {} }, () =>
        transact(async (repo) => {
          const current = await getCategory(repo, actor.companyId, id);
          if (current.childCount > 0 || current.modelCount > 0) throw refused('assetCategoryInUse', { name: current.name });
          await repo.softDeleteCategory(actor.companyId, id, clock.now());
        }),
      );
    },

    listModels(companyId: number): Promise<AssetModel[]> {
      return catalogue.listModels(companyId);
    },

    /** Adds a model (no id) or changes one; its name is unique in the company regardless of case. */
    async saveModel(actor: Actor, body: SaveAssetModelBody): Promise<AssetModel> {
      const previous = body.id === undefined ? undefined : await catalogue.findModel(actor.companyId, body.id);
      if (body.id !== undefined && !previous) throw notFound('assetModelNotFound');
      const category = await getCategory(catalogue, actor.companyId, body.categoryId);
      const values = { categoryId: body.categoryId, name: body.name, manufacturer: body.manufacturer, modelNumber: body.modelNumber };
      const id = await operationLog.track(
        actor,
        (savedId) => ({
          action: previous ? 'assetModel.update' : 'assetModel.create',
          targetType: 'assetModel',
          targetId: savedId ?? body.id ?? null,
          targetName: body.name,
          detail: previous ? { categoryName: category.name, previousName: previous.name } : { categoryName: category.name },
        }),
        async () => {
          try {
            return await transact(async (repo) => {
              await getCategory(repo, actor.companyId, body.categoryId);
              if (await repo.modelNameTaken(actor.companyId, body.name, previous?.id)) throw refused('assetModelNameTaken', { name: body.name });
              if (previous) {
                await repo.updateModel(actor.companyId, previous.id, values, clock.now());
                return previous.id;
              }
              return repo.insertModel(actor.companyId, values, clock.now());
            });
          } catch (error) {
            throw isUniqueViolation(error) ? refused('assetModelNameTaken', { name: body.name }) : error;
          }
        },
      );
      return (await catalogue.findModel(actor.companyId, id))!;
    },

    /** Deletes a model no asset is a copy of (deleted assets keep naming it in their history). */
    async deleteModel(actor: Actor, id: number): Promise<void> {
      const model = await catalogue.findModel(actor.companyId, id);
      if (!model) throw notFound('assetModelNotFound');
      await operationLog.track(actor, { action: 'assetModel.delete', targetType: 'assetModel', targetId: id, targetName: model.name, detail: {} }, () =>
        transact(async (repo) => {
          const current = await repo.findModel(actor.companyId, id);
          if (!current) throw notFound('assetModelNotFound');
          if (current.assetCount > 0) throw refused('assetModelInUse', { name: current.name });
          await repo.softDeleteModel(actor.companyId, id, clock.now());
        }),
      );
    },
  };
}
