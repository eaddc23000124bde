import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyContacts, CompanyInfo, GetCompanyQuery, UpdateCompanyBody, UpdateCompanyContactsBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { CompanyService } from './company.service.js';

const COMPANY_FIELDS =
  'companyName and address (required), logo (a fileUrl from POST /upload with kind logo, or null), postalCode, country, industry, companyDomain (2 to 14 letters, digits or hyphens; unique across the installation, else 409/1003), sizeBand (1-5, 6-10, 11-20, 21-50, 50+), billingEmail, supportEmail, emergencyEmail (at least one)';

/** Company information (/company), area `accountGlobal`. */
export function companyRoutes({ company }: { company: CompanyService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/company',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: { tags: ['company'], summary: "The caller's company", response: envelopeResponses(CompanyInfo) },
      },
      async (request) => success(request, await company.getCompany(requireAuth(request).companyId)),
    );

    app.get(
      '/company/getCompany',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: {
          tags: ['company'],
          summary: "The caller's company (query form)",
          description: "Optional query `id`: the caller's company id; any other id answers 404/1002.",
          querystring: GetCompanyQuery,
          response: envelopeResponses(CompanyInfo),
        },
      },
      async (request) => success(request, await company.getCompany(requireAuth(request).companyId, request.query.id)),
    );

    app.post(
      '/company/updateCompany',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['company'],
          summary: "Change the caller's company information",
          description: `Body: ${COMPANY_FIELDS}. Answers the company as stored.`,
          body: UpdateCompanyBody,
          response: envelopeResponses(CompanyInfo),
        },
      },
      async (request) => success(request, await company.updateCompany(actorOf(request), request.body)),
    );

    app.get(
      '/tenant/company-contacts',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: { tags: ['company'], summary: "The company's contact e-mails", response: envelopeResponses(CompanyContacts) },
      },
      async (request) => success(request, await company.getContacts(requireAuth(request).companyId)),
    );

    app.put(
      '/tenant/company-contacts',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['company'],
          summary: "Replace the company's contact e-mails",
          description: 'Body: { billingEmail, supportEmail, emergencyEmail }, each an e-mail address, empty or null; at least one is required.',
          body: UpdateCompanyContactsBody,
          response: envelopeResponses(CompanyContacts),
        },
      },
      async (request) => success(request, await company.updateContacts(actorOf(request), request.body)),
    );
  };
}
