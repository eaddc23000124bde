import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddLocationBody,
  LocationIdBody,
  LocationIdQuery,
  LocationIdResult,
  LocationRegionInfo,
  LocationTree,
  LocationTreeQuery,
  MaxDisplayOrder,
  MaxDisplayOrderQuery,
  MoveLocationBody,
  UpdateLocationBaseBody,
  UpdateLocationV2Body,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { LocationService } from './location.service.js';

const VIEW = { access: 'permission', permission: 'roomsLocations:view' } as const;
const EDIT = { access: 'permission', permission: 'roomsLocations:edit' } as const;
const tags = ['location'];

const TREE_DESCRIPTION =
  'Query `parentId` answers that node\'s children only (lazy loading; each says `hasChildren`, `childList` empty); without it the whole tree down to `level` (default 7). `keyword` keeps nodes whose name contains it, with their ancestors. Every node carries `childLevel` (the levels it may hold) and its `effectiveTimeZone` and `effectiveAddress` (its own or its building\'s).';

/** The location tree (spec 000 section 7, Locations): reads need roomsLocations:view, changes roomsLocations:edit. */
export function locationRoutes({ locations }: { locations: LocationService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/location/getLocationTree',
      { config: VIEW, schema: { tags, summary: 'The location tree, or one level of it', description: TREE_DESCRIPTION, querystring: LocationTreeQuery, response: envelopeResponses(LocationTree) } },
      async (request) => success(request, await locations.tree(requireAuth(request).companyId, request.query)),
    );

    // "POST /location/product tree" of the API base and POST /location/tree/product of the tenant base: the tree, asked with a body.
    for (const url of ['/location/product', '/tenant/location/tree/product']) {
      app.post(
        url,
        { config: VIEW, schema: { tags, summary: 'The location tree, asked with a body', description: `Body as the query of GET /location/getLocationTree. ${TREE_DESCRIPTION}`, body: LocationTreeQuery, response: envelopeResponses(LocationTree) } },
        async (request) => success(request, await locations.tree(requireAuth(request).companyId, request.body)),
      );
    }

    app.get(
      '/tenant/location/getLocationTree/city-and-building',
      {
        config: VIEW,
        schema: { tags, summary: 'The tree down to buildings (countries, cities, campuses, buildings)', querystring: LocationTreeQuery.pick({ keyword: true }), response: envelopeResponses(LocationTree) },
      },
      async (request) => success(request, await locations.tree(requireAuth(request).companyId, { level: 5, ...request.query })),
    );

    app.get(
      '/tenant/location/findLocationTreewithParam/city-building-room',
      {
        config: VIEW,
        schema: { tags, summary: 'The tree down to rooms, for room pickers', description: 'Query `keyword` filters by name (matches keep their ancestors).', querystring: LocationTreeQuery.pick({ keyword: true }), response: envelopeResponses(LocationTree) },
      },
      async (request) => success(request, await locations.tree(requireAuth(request).companyId, { level: 7, ...request.query })),
    );

    app.get(
      '/tenant/location/max-display-order',
      {
        config: VIEW,
        schema: { tags, summary: 'The highest sibling order under a node', description: 'Query `parentId` (absent: the countries); -1 when the node has no children.', querystring: MaxDisplayOrderQuery, response: envelopeResponses(MaxDisplayOrder) },
      },
      async (request) => success(request, await locations.maxDisplayOrder(requireAuth(request).companyId, request.query.parentId)),
    );

    app.get(
      '/location/getLocationRegionInfo',
      { config: VIEW, schema: { tags, summary: "A node's attributes and its path from the top", querystring: LocationIdQuery, response: envelopeResponses(LocationRegionInfo) } },
      async (request) => success(request, await locations.regionInfo(requireAuth(request).companyId, request.query.id)),
    );

    app.post(
      '/location/addLocation',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Add a location node',
          description:
            'Body `{ parentId?, level, locationName, timeZone?, address?, description? }`. The top holds countries (1); a country cities (2); a city campuses (3) or buildings (5); a campus buildings; a building floors (6). Rooms (7) are added with /location/addMeetingRoom. A building needs an IANA `timeZone`; only buildings take a zone or an address. Another level answers 422/1005.',
          body: AddLocationBody,
          response: envelopeResponses(LocationIdResult),
        },
      },
      async (request) => success(request, await locations.add(actorOf(request), request.body)),
    );

    app.post(
      '/location/updateLocationBaseInfo',
      { config: EDIT, schema: { tags, summary: 'Rename a node', description: 'Body `{ id, locationName }`.', body: UpdateLocationBaseBody, response: envelopeResponses(LocationIdResult) } },
      async (request) => success(request, await locations.updateBase(actorOf(request), request.body)),
    );

    app.post(
      '/location/v2/updateLocationBaseInfo',
      {
        config: EDIT,
        schema: {
          tags,
          summary: "Edit a node's name, a building's zone and address, and the node's attributes",
          description:
            'Body `{ id, locationName?, timeZone?, address?, description?, regionIconUrl? }`: absent fields stay, null clears. The zone and address belong to buildings (floors and rooms inherit them; another level answers 422/1005). The region icon must be a file uploaded to the caller\'s company (/api/upload), otherwise 404/1002.',
          body: UpdateLocationV2Body,
          response: envelopeResponses(LocationIdResult),
        },
      },
      async (request) => success(request, await locations.updateV2(actorOf(request), request.body)),
    );

    app.post(
      '/location/move',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Move a node one place up or down among its siblings',
          description: 'Body `{ id, direction: "up" | "down" }`. The first cannot move up and the last cannot move down (422/1005).',
          body: MoveLocationBody,
          response: envelopeResponses(LocationIdResult),
        },
      },
      async (request) => success(request, await locations.move(actorOf(request), request.body)),
    );

    app.delete(
      '/location/delLocation',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Delete a node and everything under it',
          description: 'Body `{ id }`. The subtree is hidden (soft deletion keeps history). Refused with 409/1003 while a room under it has a reservation that has not ended and is not cancelled or rejected.',
          body: LocationIdBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await locations.remove(actorOf(request), request.body.id);
        return success(request, null);
      },
    );
  };
}
