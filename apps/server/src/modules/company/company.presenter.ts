import { CompanySizeBand, type CompanyContacts, type CompanyInfo } from '@atrium/contract';
import type { CompanyRow } from '../../db/schema.js';

export function presentContacts(row: CompanyRow): CompanyContacts {
  return { billingEmail: row.billing_email, supportEmail: row.support_email, emergencyEmail: row.emergency_email };
}

export function presentCompany(row: CompanyRow): CompanyInfo {
  const band = CompanySizeBand.safeParse(row.size_band);
  return {
    id: row.id,
    companyName: row.name,
    logo: row.logo,
    address: row.address,
    postalCode: row.postal_code,
    country: row.country,
    industry: row.industry,
    companyDomain: row.domain,
    sizeBand: band.success ? band.data : null,
    updatedAt: Number(row.updated_at),
    ...presentContacts(row),
  };
}
