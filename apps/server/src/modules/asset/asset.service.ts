import {
  ASSET_AUDIT_INTERVAL_DAYS,
  type Asset,
  type AssetAssignment,
  type AssetFilters,
  type AssetListQuery,
  type AssetStatus,
  type AssetTarget,
  type AssetTargetKind,
  type AuditAssetBody,
  type CheckoutAssetBody,
  type DeleteAssetsBody,
  type Page,
  type SaveAssetBody,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import { withWriteTransaction } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { createAssetCatalogueRepository, type AssetCatalogueRepository } from './asset-catalogue.repository.js';
import { createAssetRepository, type AssetQuery, type AssetRepository, type AssetValues } from './asset.repository.js';

export interface AssetServiceDeps {
  db: Kysely<DB>;
  assets: AssetRepository;
  catalogue: AssetCatalogueRepository;
  operationLog: OperationLog;
  clock: Clock;
}

export type AssetService = ReturnType<typeof createAssetService>;

/** Targets offered for a check-out, at most. */
const TARGETS_MAX = 20;

/** The location and its subtree, from the company's nodes. */
export function locationSubtree(nodes: Array<{ id: number; parentId: number | null }>, id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const node of nodes) if (node.parentId === out[i]) out.push(node.id);
  return out;
}

/**
 * Fixed assets (/deskeeper-assets, decision 0019 "Assets"): a tag unique in the company, a serial
 * unique per model, at most one holder (`deployed` exactly then), the history of holders kept,
 * audits. `setRepairState` is the repair centre's way to take an asset out of use and back.
 */
export function createAssetService({ db, assets, catalogue, operationLog, clock }: AssetServiceDeps) {
  const transact = <T>(fn: (repo: AssetRepository, catalogueRepo: AssetCatalogueRepository) => Promise<T>) =>
    withWriteTransaction(db, (trx) => fn(createAssetRepository(trx), createAssetCatalogueRepository(trx)));

  async function getAsset(companyId: number, id: number, repo: AssetRepository = assets): Promise<Asset> {
    const asset = await repo.findAsset(companyId, id);
    if (!asset) throw notFound('assetNotFound');
    return asset;
  }

  /** The filters with the category and the location widened to everything under them. */
  async function queryOf(companyId: number, filters: AssetFilters, ids?: number[]): Promise<AssetQuery> {
    return {
      keyword: filters.keyword,
      status: filters.status,
      categoryIds: filters.categoryId === undefined ? undefined : await catalogue.categoryWithDescendants(companyId, filters.categoryId),
      locationIds: filters.locationId === undefined ? undefined : locationSubtree(await assets.locations(companyId), filters.locationId),
      ids,
    };
  }

  /** Writes an asset's values in a transaction: the model and location exist, the tag and serial are free. */
  async function write(repo: AssetRepository, catalogueRepo: AssetCatalogueRepository, companyId: number, values: AssetValues, previous: Asset | undefined, status: AssetStatus | undefined): Promise<number> {
    if (!(await catalogueRepo.findModel(companyId, values.modelId))) throw notFound('assetModelNotFound');
    if (values.locationId !== null && !(await repo.locationExists(companyId, values.locationId))) throw notFound('assetLocationNotFound');
    const sameTag = await repo.findByTag(companyId, values.tag);
    if (sameTag && sameTag.id !== previous?.id) throw refused('assetTagTaken', { tag: values.tag });
    if (values.serial !== null && (await repo.serialTaken(companyId, values.modelId, values.serial, previous?.id))) throw refused('assetSerialTaken', { serial: values.serial });
    if (previous?.status === 'deployed' && status !== undefined) throw refused('assetDeployedStatus', { tag: previous.tag });
    const now = clock.now();
    if (previous) {
      await repo.updateAsset(companyId, previous.id, values, status ?? previous.status, now);
      return previous.id;
    }
    return repo.insertAsset(companyId, values, status ?? 'ready', now);
  }

  /** A unique index's refusal, when two writes raced past the checks: the tag's, else the serial's. */
  function uniqueRefusal(error: unknown, values: AssetValues): unknown {
    if (!isUniqueViolation(error)) return error;
    return /serial/.test(String((error as Error).message)) && values.serial !== null ? refused('assetSerialTaken', { serial: values.serial }) : refused('assetTagTaken', { tag: values.tag });
  }

  const valuesOf = (body: SaveAssetBody): AssetValues => ({
    tag: body.tag,
    serial: body.serial,
    modelId: body.modelId,
    locationId: body.locationId,
    purchaseDate: body.purchaseDate,
    warrantyEnd: body.warrantyEnd,
    nextAuditAt: body.nextAuditAt,
    notes: body.notes,
  });

  return {
    queryOf,
    getAsset,
    write,
    uniqueRefusal,
    transact,

    async list(companyId: number, query: AssetListQuery): Promise<Page<Asset>> {
      const { page, pageSize, ...filters } = query;
      const { list, total } = await assets.listAssets(companyId, await queryOf(companyId, filters), { offset: (page - 1) * pageSize, limit: pageSize });
      return { list, total, page, pageSize };
    },

    history(companyId: number, id: number): Promise<AssetAssignment[]> {
      return getAsset(companyId, id).then(() => assets.history(companyId, id));
    },

    /** The company's location nodes not deleted, by name, for the pickers. */
    async locations(companyId: number) {
      return (await assets.locations(companyId)).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    },

    targets(companyId: number, kind: AssetTargetKind, keyword: string): Promise<AssetTarget[]> {
      return assets.targets(companyId, kind, keyword, TARGETS_MAX);
    },

    /** Adds an asset (no id) or changes one. */
    async save(actor: Actor, body: SaveAssetBody): Promise<Asset> {
      const previous = body.id === undefined ? undefined : await getAsset(actor.companyId, body.id);
      const values = valuesOf(body);
      const model = await catalogue.findModel(actor.companyId, body.modelId);
      const id = await operationLog.track(
        actor,
        (savedId) => ({
          action: previous ? 'asset.update' : 'asset.create',
          targetType: 'asset',
          targetId: savedId ?? body.id ?? null,
          targetName: body.tag,
          detail: {
            ...(model ? { modelName: model.name } : {}),
            ...(body.status ? { status: body.status } : {}),
            ...(previous && previous.tag !== body.tag ? { previousTag: previous.tag } : {}),
          },
        }),
        async () => {
          try {
            return await transact(async (repo, catalogueRepo) => {
              const current = previous ? await getAsset(actor.companyId, previous.id, repo) : undefined;
              return write(repo, catalogueRepo, actor.companyId, values, current, body.status);
            });
          } catch (error) {
            throw uniqueRefusal(error, values);
          }
        },
      );
      return getAsset(actor.companyId, id);
    },

    /** Deletes assets none of which is checked out; their history stays. */
    async delete(actor: Actor, body: DeleteAssetsBody): Promise<{ count: number }> {
      const ids = [...new Set(body.ids)];
      const found = await assets.findAssets(actor.companyId, ids);
      if (found.length !== ids.length) throw notFound('assetNotFound');
      await operationLog.track(
        actor,
        { action: 'asset.delete', targetType: 'asset', targetId: ids.length === 1 ? ids[0]! : null, targetName: found.map((asset) => asset.tag).join(', '), detail: { assets: ids } },
        () =>
          transact(async (repo) => {
            const deployed = (await repo.findAssets(actor.companyId, ids)).find((asset) => asset.status === 'deployed');
            if (deployed) throw refused('assetDeleteDeployed', { tag: deployed.tag });
            await repo.softDeleteAssets(actor.companyId, ids, clock.now());
          }),
      );
      return { count: ids.length };
    },

    /** Checks a ready asset out to a colleague, a desk or a room: one holder at a time, the history kept. */
    async checkout(actor: Actor, body: CheckoutAssetBody): Promise<Asset> {
      const asset = await getAsset(actor.companyId, body.id);
      const holderName = await assets.targetName(actor.companyId, body.targetKind, body.targetId);
      if (holderName === undefined) throw notFound('assetTargetNotFound');
      await operationLog.track(actor, { action: 'asset.checkout', targetType: 'asset', targetId: asset.id, targetName: asset.tag, detail: { holderName } }, () =>
        transact(async (repo) => {
          const current = await getAsset(actor.companyId, asset.id, repo);
          if (current.status === 'deployed') throw refused('assetAlreadyAssigned', { tag: current.tag });
          if (current.status !== 'ready') throw refused('assetNotReady', { tag: current.tag });
          if (!(await repo.checkout(actor.companyId, asset.id, { kind: body.targetKind, id: body.targetId }, actor.userId, clock.now()))) throw refused('assetAlreadyAssigned', { tag: current.tag });
        }),
      );
      return getAsset(actor.companyId, asset.id);
    },

    /** Checks a deployed asset back in: ready again, its history's entry closed. */
    async checkin(actor: Actor, id: number): Promise<Asset> {
      const asset = await getAsset(actor.companyId, id);
      await operationLog.track(actor, { action: 'asset.checkin', targetType: 'asset', targetId: asset.id, targetName: asset.tag, detail: asset.holder ? { holderName: asset.holder.name } : {} }, () =>
        transact(async (repo) => {
          if (!(await repo.checkin(actor.companyId, asset.id, 'ready', clock.now()))) throw refused('assetNotAssigned', { tag: asset.tag });
        }),
      );
      return getAsset(actor.companyId, asset.id);
    },

    /** Notes the asset seen now; the next audit on the day given, else a year on. */
    async audit(actor: Actor, body: AuditAssetBody): Promise<Asset> {
      const asset = await getAsset(actor.companyId, body.id);
      const now = clock.now();
      const nextAuditAt = body.nextAuditAt === undefined ? now + ASSET_AUDIT_INTERVAL_DAYS * DAY_MS : body.nextAuditAt;
      await operationLog.track(actor, { action: 'asset.audit', targetType: 'asset', targetId: asset.id, targetName: asset.tag, detail: nextAuditAt === null ? {} : { nextAuditAt } }, () =>
        transact((repo) => repo.markAudited(actor.companyId, asset.id, now, nextAuditAt)),
      );
      return getAsset(actor.companyId, asset.id);
    },

    /**
     * For the repair centre: takes an asset out of use (`in_repair`; a deployed asset is checked in
     * first, its history's entry closed) or back (`ready`, only from `in_repair`). A retired asset
     * stays retired. Runs in the caller's transaction when given one (`trx`). Answers the asset's status after.
     */
    async setRepairState(companyId: number, assetId: number, inRepair: boolean, trx?: Kysely<DB>): Promise<AssetStatus> {
      const run = async (repo: AssetRepository): Promise<AssetStatus> => {
        const asset = await getAsset(companyId, assetId, repo);
        const now = clock.now();
        if (inRepair) {
          if (asset.status === 'deployed') await repo.checkin(companyId, assetId, 'in_repair', now);
          else if (asset.status === 'ready') await repo.setStatus(companyId, assetId, 'in_repair', now);
        } else if (asset.status === 'in_repair') {
          await repo.setStatus(companyId, assetId, 'ready', now);
        }
        return (await getAsset(companyId, assetId, repo)).status;
      };
      return trx ? run(createAssetRepository(trx)) : transact((repo) => run(repo));
    },
  };
}

