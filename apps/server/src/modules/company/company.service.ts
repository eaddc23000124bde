import type { CompanyContacts, CompanyInfo, UpdateCompanyValues } from '@atrium/contract';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, sessionInvalid } from '../../platform/errors.js';
import { ReturnCode } from '@atrium/contract';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { UploadService } from '../upload/upload.service.js';
import { presentCompany, presentContacts } from './company.presenter.js';
import type { CompanyRepository } from './company.repository.js';

export interface CompanyServiceDeps {
  companies: CompanyRepository;
  clock: Clock;
  operationLog: OperationLog;
  uploads: Pick<UploadService, 'isOwnImage'>;
}

type ContactValues = { billingEmail: string | null; supportEmail: string | null; emergencyEmail: string | null };

/** The refusal names its field (`result.field`), so the form shows it there once. */
const domainTaken = () => new AppError(ReturnCode.CONFLICT, 'companyDomainTaken', {}, { field: 'domain' });

/** A unique-constraint violation from either engine. */
const UniqueViolation = z.union([z.object({ code: z.literal('23505') }), z.object({ code: z.literal('SQLITE_CONSTRAINT_UNIQUE') })]);

export type CompanyService = ReturnType<typeof createCompanyService>;

/** The caller's company: its profile (/company) and its contact e-mails. */
export function createCompanyService({ companies, clock, operationLog, uploads }: CompanyServiceDeps) {
  async function loadCompany(companyId: number) {
    const row = await companies.findCompany(companyId);
    // The session names the company; a vanished company means the session is over.
    if (!row) throw sessionInvalid();
    return row;
  }

  return {
    /** The caller's company; asking for another id answers 404 like an unknown one. */
    async getCompany(companyId: number, requestedId?: number): Promise<CompanyInfo> {
      if (requestedId !== undefined && requestedId !== companyId) throw notFound();
      return presentCompany(await loadCompany(companyId));
    },

    async updateCompany(actor: Actor, values: UpdateCompanyValues): Promise<CompanyInfo> {
      const before = await loadCompany(actor.companyId);
      const domain = values.companyDomain.toLowerCase();
      await operationLog.track(
        actor,
        {
          action: 'company.update',
          targetType: 'company',
          targetId: actor.companyId,
          targetName: values.companyName,
          detail: { ...values, companyDomain: domain, previousName: before.name },
        },
        async () => {
          // The logo kept as it is needs no check; a new one must be a file this company uploaded.
          if (values.logo !== null && values.logo !== before.logo && !(await uploads.isOwnImage(actor.companyId, values.logo))) throw notFound();
          if (await companies.isDomainTaken(domain, actor.companyId)) throw domainTaken();
          try {
            await companies.updateCompany(
              actor.companyId,
              {
                name: values.companyName,
                domain,
                logo: values.logo,
                address: values.address,
                postal_code: values.postalCode,
                country: values.country,
                industry: values.industry,
                size_band: values.sizeBand,
                billing_email: values.billingEmail,
                support_email: values.supportEmail,
                emergency_email: values.emergencyEmail,
              },
              clock.now(),
            );
          } catch (error) {
            // Two companies claiming one domain at the same moment: the index decides.
            if (UniqueViolation.safeParse(error).success) throw domainTaken();
            throw error;
          }
        },
      );
      return presentCompany(await loadCompany(actor.companyId));
    },

    async getContacts(companyId: number): Promise<CompanyContacts> {
      return presentContacts(await loadCompany(companyId));
    },

    async updateContacts(actor: Actor, values: ContactValues): Promise<CompanyContacts> {
      await operationLog.track(
        actor,
        { action: 'company.updateContacts', targetType: 'company', targetId: actor.companyId, detail: { ...values } },
        () =>
          companies.updateCompany(
            actor.companyId,
            { billing_email: values.billingEmail, support_email: values.supportEmail, emergency_email: values.emergencyEmail },
            clock.now(),
          ),
      );
      return presentContacts(await loadCompany(actor.companyId));
    },
  };
}
