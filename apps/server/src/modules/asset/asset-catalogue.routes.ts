import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddAssetCategoryBody, AssetCategories, AssetCategory, AssetIdBody, AssetModel, AssetModels, MoveAssetCategoryBody, RenameAssetCategoryBody, SaveAssetModelBody } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { AssetCatalogueService } from './asset-catalogue.service.js';

/** The equipment catalogue's area (menu /deskeeper-equipment): reading needs view, changing needs edit. */
const VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
/** A retry with the same Idempotency-Key answers the first answer (docs/decisions/0010). */
const WRITE = { access: 'permission', permission: 'roomsLocations:edit', idempotent: true } as const;
const tags = ['assets'];

export function assetCatalogueRoutes({ catalogue }: { catalogue: AssetCatalogueService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/asset/category/list',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'The asset categories as a tree',
          description: 'Depth-first, siblings by name: each `{ id, parentId, name, depth, modelCount, childCount }`.',
          response: envelopeResponses(AssetCategories),
        },
      },
      async (request) => success(request, await catalogue.listCategories(requireAuth(request).companyId)),
    );

    app.post(
      '/asset/category/add',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Add a category',
          description: 'Body `{ parentId, name }` (`parentId` null: at the top). The name is unique among its siblings regardless of case (422/1005). In the operation log.',
          body: AddAssetCategoryBody,
          response: envelopeResponses(AssetCategory),
        },
      },
      async (request) => {
        const category = await catalogue.addCategory(actorOf(request), request.body);
        return success(request, category, 'assetCategorySaved', { name: category.name });
      },
    );

    app.post(
      '/asset/category/rename',
      {
        config: WRITE,
        schema: { tags, summary: 'Rename a category', description: 'Body `{ id, name }`; unique among its siblings (422/1005). In the operation log.', body: RenameAssetCategoryBody, response: envelopeResponses(AssetCategory) },
      },
      async (request) => {
        const category = await catalogue.renameCategory(actorOf(request), request.body);
        return success(request, category, 'assetCategorySaved', { name: category.name });
      },
    );

    app.post(
      '/asset/category/move',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Move a category',
          description: 'Body `{ id, parentId }`: under another category (not itself nor one under it: 422/1005) or to the top (null), with everything under it. In the operation log.',
          body: MoveAssetCategoryBody,
          response: envelopeResponses(AssetCategory),
        },
      },
      async (request) => {
        const category = await catalogue.moveCategory(actorOf(request), request.body);
        return success(request, category, 'assetCategorySaved', { name: category.name });
      },
    );

    app.post(
      '/asset/category/delete',
      {
        config: WRITE,
        schema: { tags, summary: 'Delete a category', description: 'Body `{ id }`. Refused (422/1005) while a category or a model is under it. In the operation log.', body: AssetIdBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await catalogue.deleteCategory(actorOf(request), request.body.id);
        return success(request, null, 'assetCategoryDeleted');
      },
    );

    app.get(
      '/asset/model/list',
      {
        config: VIEW,
        schema: { tags, summary: 'The asset models', description: 'By name, each with its category, manufacturer, model number and how many assets are copies of it.', response: envelopeResponses(AssetModels) },
      },
      async (request) => success(request, await catalogue.listModels(requireAuth(request).companyId)),
    );

    app.post(
      '/asset/model/save',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Add or change a model',
          description: 'Body `{ id?, categoryId, name, manufacturer, modelNumber }`. Without `id` a new model. The name is unique in the company regardless of case (422/1005). In the operation log.',
          body: SaveAssetModelBody,
          response: envelopeResponses(AssetModel),
        },
      },
      async (request) => {
        const model = await catalogue.saveModel(actorOf(request), request.body);
        return success(request, model, 'assetModelSaved', { name: model.name });
      },
    );

    app.post(
      '/asset/model/delete',
      {
        config: WRITE,
        schema: { tags, summary: 'Delete a model', description: 'Body `{ id }`. Refused (422/1005) while an asset is a copy of it. In the operation log.', body: AssetIdBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await catalogue.deleteModel(actorOf(request), request.body.id);
        return success(request, null, 'assetModelDeleted');
      },
    );
  };
}
