import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPANY_SEARCH_LIMIT, CompanySearchQuery, CompanySearchResult } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { CompanySearchRepository } from './company-search.repository.js';

/**
 * `GET /tenant/company/search` (spec 000 section 7, meaning not given): one keyword over the caller's
 * company for pickers (participants, hosts, departments, places), so any signed-in user may ask.
 */
export function companySearchRoutes({ search }: { search: CompanySearchRepository }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tenant/company/search',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['company'],
          summary: "Search the caller's company: active people, departments and locations by keyword",
          description: `Query: keyword (required; part of a person's name, user name or e-mail, or of a department or location name), limit (1 to ${COMPANY_SEARCH_LIMIT.max}, default ${COMPANY_SEARCH_LIMIT.default}) per kind. Only the caller's company; deleted locations and inactive people are left out.`,
          querystring: CompanySearchQuery,
          response: envelopeResponses(CompanySearchResult),
        },
      },
      async (request) => success(request, await search.search(requireAuth(request).companyId, request.query)),
    );
  };
}
