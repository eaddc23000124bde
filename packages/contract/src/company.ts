import { z } from 'zod';
import { TEXT_MAX } from './limits.js';

/** Company size bands (spec 000 section 9). */
export const COMPANY_SIZE_BANDS = ['1-5', '6-10', '11-20', '21-50', '50+'] as const;
export const CompanySizeBand = z.enum(COMPANY_SIZE_BANDS);
export type CompanySizeBand = z.infer<typeof CompanySizeBand>;

/** Company domain: 2 to 14 letters, digits and hyphens (spec 000 section 5). */
export const COMPANY_DOMAIN_PATTERN = /^[A-Za-z0-9-]{2,14}$/;
export const CompanyDomain = z.string().trim().regex(COMPANY_DOMAIN_PATTERN, '2 to 14 letters, digits or hyphens');

const optionalText = (max = TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const optionalEmail = z
  .union([z.email().max(TEXT_MAX), z.literal('')])
  .nullable()
  .optional()
  .transform((value) => (value ? value.toLowerCase() : null));

/** The contact e-mails (tenant `company-contacts`); at least one is required. */
export const CompanyContacts = z.object({
  billingEmail: z.string().nullable(),
  supportEmail: z.string().nullable(),
  emergencyEmail: z.string().nullable(),
});
export type CompanyContacts = z.infer<typeof CompanyContacts>;

const atLeastOneContact = (contacts: { billingEmail: string | null; supportEmail: string | null; emergencyEmail: string | null }) =>
  Boolean(contacts.billingEmail || contacts.supportEmail || contacts.emergencyEmail);
const CONTACT_REQUIRED = { message: 'At least one contact e-mail is required', path: ['billingEmail'] };

/** `PUT /tenant/company-contacts` body. Empty strings count as absent. */
export const UpdateCompanyContactsBody = z
  .object({ billingEmail: optionalEmail, supportEmail: optionalEmail, emergencyEmail: optionalEmail })
  .refine(atLeastOneContact, CONTACT_REQUIRED);
export type UpdateCompanyContactsBody = z.input<typeof UpdateCompanyContactsBody>;

/** The caller's company (spec 000 section 3, Company info). */
export const CompanyInfo = CompanyContacts.extend({
  id: z.number().int(),
  companyName: z.string(),
  logo: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  industry: z.string().nullable(),
  companyDomain: z.string().nullable(),
  sizeBand: CompanySizeBand.nullable(),
  updatedAt: z.number().int(),
});
export type CompanyInfo = z.infer<typeof CompanyInfo>;

/** `GET /company/getCompany` query: the caller's company; an `id` other than its own answers 404. */
export const GetCompanyQuery = z.object({ id: z.coerce.number().int().positive().optional() });

/** `POST /company/updateCompany` body: every field; `logo` is a URL from `POST /upload` (kind logo) or null. */
export const UpdateCompanyBody = z
  .object({
    companyName: z.string().trim().min(1).max(TEXT_MAX),
    address: z.string().trim().min(1).max(TEXT_MAX),
    logo: z
      .string()
      .trim()
      .max(TEXT_MAX)
      .regex(/^\/api\/upload\/files\/[0-9]+\/[A-Za-z0-9_-]+\.(png|jpg)$/, 'A file address answered by the upload')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    postalCode: optionalText(32),
    country: optionalText(),
    industry: optionalText(),
    companyDomain: CompanyDomain,
    sizeBand: CompanySizeBand.nullable().optional().transform((value) => value ?? null),
    billingEmail: optionalEmail,
    supportEmail: optionalEmail,
    emergencyEmail: optionalEmail,
  })
  .refine(atLeastOneContact, CONTACT_REQUIRED);
export type UpdateCompanyBody = z.input<typeof UpdateCompanyBody>;
export type UpdateCompanyValues = z.output<typeof UpdateCompanyBody>;
