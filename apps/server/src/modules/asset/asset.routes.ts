import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Asset, AssetAssignments, AssetIdBody, AssetIdQuery, AssetListQuery, AssetOptions, AssetPage, AssetTargets, AssetTargetsQuery, AuditAssetBody, CheckoutAssetBody, DeleteAssetsBody, SaveAssetBody } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { AssetCatalogueService } from './asset-catalogue.service.js';
import type { AssetService } from './asset.service.js';

/** The assets' area (menu /deskeeper-assets): reading needs view, changing needs edit. */
const VIEW = { access: 'permission', permission: 'trackingFields:view' } as const;
/** A retry with the same Idempotency-Key answers the first answer (docs/decisions/0010). */
const WRITE = { access: 'permission', permission: 'trackingFields:edit', idempotent: true } as const;
const tags = ['assets'];

export function assetRoutes({ assets, catalogue }: { assets: AssetService; catalogue: AssetCatalogueService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/asset/options',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "The catalogue as the asset pages' filters and form read it",
          description: 'The categories (as `/asset/category/list`), models (as `/asset/model/list`) and location nodes `[{ id, parentId, name, level }]`, for readers of assets who may not read the catalogue or location pages.',
          response: envelopeResponses(AssetOptions),
        },
      },
      async (request) => {
        const { companyId } = requireAuth(request);
        return success(request, await catalogue.options(companyId, () => assets.locations(companyId)));
      },
    );

    app.get(
      '/asset/list',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'A page of assets',
          description:
            'Query `page`, `pageSize`, `keyword` (part of the tag, serial number, model or holder), `status`, `categoryId` (with the categories under it), `locationId` (with the nodes under it). By tag.',
          querystring: AssetListQuery,
          response: envelopeResponses(AssetPage),
        },
      },
      async (request) => success(request, await assets.list(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/asset/detail',
      {
        config: VIEW,
        schema: { tags, summary: 'One asset', description: 'Query `id`. Another company\'s or a deleted asset: 404.', querystring: AssetIdQuery, response: envelopeResponses(Asset) },
      },
      async (request) => success(request, await assets.getAsset(requireAuth(request).companyId, request.query.id)),
    );

    app.get(
      '/asset/history',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "An asset's holders",
          description: 'Query `id`. Every check-out, the latest first: the holder (kind, id, name), when, by whom, and the check-in (null while out).',
          querystring: AssetIdQuery,
          response: envelopeResponses(AssetAssignments),
        },
      },
      async (request) => success(request, await assets.history(requireAuth(request).companyId, request.query.id)),
    );

    app.get(
      '/asset/targets',
      {
        config: { access: 'permission', permission: 'trackingFields:edit' },
        schema: {
          tags,
          summary: 'Who or what an asset may be checked out to',
          description: 'Query `kind` (user, desk, room) and `keyword`. At most 20 active colleagues (with their e-mail), desks (with their floor) or rooms (with their floor), by name.',
          querystring: AssetTargetsQuery,
          response: envelopeResponses(AssetTargets),
        },
      },
      async (request) => success(request, await assets.targets(requireAuth(request).companyId, request.query.kind, request.query.keyword)),
    );

    app.post(
      '/asset/save',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Add or change an asset',
          description:
            'Body `{ id?, tag, serial, modelId, status?, locationId, purchaseDate, warrantyEnd, nextAuditAt, notes }`. The tag is unique in the company and the serial number per model, regardless of case (422/1005). `status` ready, in_repair or retired; a checked-out asset keeps `deployed` (422 when another is asked). In the operation log.',
          body: SaveAssetBody,
          response: envelopeResponses(Asset),
        },
      },
      async (request) => {
        const asset = await assets.save(actorOf(request), request.body);
        return success(request, asset, 'assetSaved', { tag: asset.tag });
      },
    );

    app.post(
      '/asset/delete',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Delete assets',
          description: 'Body `{ ids }` (at most 200). Refused (422/1005) while one is checked out; their history stays. In the operation log.',
          body: DeleteAssetsBody,
          response: envelopeResponses(z.object({ count: z.number().int() })),
        },
      },
      async (request) => {
        const result = await assets.delete(actorOf(request), request.body);
        return success(request, result, 'assetsDeleted', { count: result.count });
      },
    );

    app.post(
      '/asset/checkout',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Check an asset out',
          description: 'Body `{ id, targetKind, targetId }`: a ready asset to an active colleague, a desk or a room; it becomes `deployed`. Refused (422/1005) when already checked out, in repair or retired. In the operation log.',
          body: CheckoutAssetBody,
          response: envelopeResponses(Asset),
        },
      },
      async (request) => {
        const asset = await assets.checkout(actorOf(request), request.body);
        return success(request, asset, 'assetCheckedOut', { tag: asset.tag, name: asset.holder?.name ?? '' });
      },
    );

    app.post(
      '/asset/checkin',
      {
        config: WRITE,
        schema: { tags, summary: 'Check an asset in', description: 'Body `{ id }`: a checked-out asset back in stock (`ready`), its holder kept in the history. In the operation log.', body: AssetIdBody, response: envelopeResponses(Asset) },
      },
      async (request) => {
        const asset = await assets.checkin(actorOf(request), request.body.id);
        return success(request, asset, 'assetCheckedIn', { tag: asset.tag });
      },
    );

    app.post(
      '/asset/audit',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Mark an asset audited',
          description: 'Body `{ id, nextAuditAt? }`: seen now; the next audit at `nextAuditAt` (null: none; absent: 365 days on). In the operation log.',
          body: AuditAssetBody,
          response: envelopeResponses(Asset),
        },
      },
      async (request) => {
        const asset = await assets.audit(actorOf(request), request.body);
        return success(request, asset, 'assetAudited', { tag: asset.tag });
      },
    );
  };
}
