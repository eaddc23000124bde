import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Branch,
  BranchList,
  CreateBranchBody,
  MenuPermissionsBody,
  MenuPermissionsResult,
  ReadReleaseNotesBody,
  Release,
  ReleaseNotesResult,
  ReleaseVersionBody,
  StoreListBody,
  StorePage,
  UpdateBranchBody,
  UpdatedInstructionsBody,
} from '@atrium/contract';
import { requireAuth, requireOperator } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { BranchService } from './branch.service.js';

const BOSS = '/boss/storeManager';

/**
 * The boss area's calls (spec 000 section 7, base /boss), for operators only, and the two calls by
 * which a company's console reads its version and its administrators dismiss release notes.
 */
export function branchRoutes({ branches }: { branches: BranchService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${BOSS}/getBranch`,
      {
        config: { access: 'operator' },
        schema: { tags: ['operator'], summary: 'The branches, default first, with their version, companies, draft notes and menu entries', response: envelopeResponses(BranchList) },
      },
      async (request) => success(request, await branches.listBranches()),
    );

    app.post(
      `${BOSS}/createBranch`,
      {
        config: { access: 'operator' },
        schema: {
          tags: ['operator'],
          summary: 'Create a branch',
          description: 'A name taken by another branch (whatever its case): 409/1003. `menuKeys` null or absent offers every entry.',
          body: CreateBranchBody,
          response: envelopeResponses(Branch),
        },
      },
      async (request) => {
        requireOperator(request);
        return success(request, await branches.createBranch(request.body), 'branchCreated');
      },
    );

    app.post(
      `${BOSS}/updateBranch`,
      {
        config: { access: 'operator' },
        schema: {
          tags: ['operator'],
          summary: 'Rename or describe a branch, and move companies onto it',
          description: 'An unknown branch: 404/1002; an unknown company among `companyIds`: 404/1002 and nothing changes; a taken name: 409/1003.',
          body: UpdateBranchBody,
          response: envelopeResponses(Branch),
        },
      },
      async (request) => {
        requireOperator(request);
        return success(request, await branches.updateBranch(request.body), 'branchSaved');
      },
    );

    app.post(
      `${BOSS}/getStoreList`,
      {
        config: { access: 'operator' },
        schema: { tags: ['operator'], summary: 'The companies of the installation with their branch, version and user count', body: StoreListBody, response: envelopeResponses(StorePage) },
      },
      async (request) => success(request, await branches.listCompanies(request.body)),
    );

    app.post(
      `${BOSS}/updatedInstructions`,
      {
        config: { access: 'operator' },
        schema: {
          tags: ['operator'],
          summary: "Write the next version of a branch and its notes in both languages (not yet released)",
          description: 'A version not newer than the branch\'s: 422/1005.',
          body: UpdatedInstructionsBody,
          response: envelopeResponses(Branch),
        },
      },
      async (request) => success(request, await branches.saveInstructions(request.body), 'branchInstructionsSaved'),
    );

    app.post(
      `${BOSS}/releaseVersion`,
      {
        config: { access: 'operator' },
        schema: {
          tags: ['operator'],
          summary: "Release a branch's prepared version: its companies run it and their administrators see the notes once",
          description: 'No prepared notes: 422/1005.',
          body: ReleaseVersionBody,
          response: envelopeResponses(Release),
        },
      },
      async (request) => {
        const release = await branches.releaseVersion(requireOperator(request), request.body.branchId);
        return success(request, release, 'branchVersionReleased', { version: release.version });
      },
    );

    app.post(
      `${BOSS}/menuPermissions`,
      {
        config: { access: 'operator' },
        schema: {
          tags: ['operator'],
          summary: 'The boss-menu flag; with `branchId` and `menuKeys`, sets the menu entries the branch offers',
          description: 'Entries that keep a company runnable (directory, role, company, manager, personal, application) are always offered and are not named.',
          body: MenuPermissionsBody,
          response: envelopeResponses(MenuPermissionsResult),
        },
      },
      async (request) => {
        const branch = await branches.setMenu(request.body);
        const result = { isBossMenu: true, branch };
        return request.body.menuKeys !== undefined ? success(request, result, 'branchMenuSaved') : success(request, result);
      },
    );

    app.get(
      '/branch/releaseNotes',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['branch'],
          summary: "The company's version, and the release notes the caller has not dismissed (company administrators only; others get none)",
          response: envelopeResponses(ReleaseNotesResult),
        },
      },
      async (request) => success(request, await branches.getReleaseNotes(requireAuth(request))),
    );

    app.post(
      '/branch/releaseNotes/read',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['branch'], summary: 'Dismiss release notes: they are not shown to the caller again', body: ReadReleaseNotesBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await branches.markRead(requireAuth(request), request.body.id);
        return success(request, null);
      },
    );
  };
}
