import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Permission, PlainMessageKey } from '@atrium/contract';
import { envelopeResponses } from '../../platform/envelope.js';
import { refused } from '../../platform/errors.js';

/** A call of the old product that needs a vendor's service this build does not include. */
interface VendorCall {
  method: 'GET' | 'POST';
  url: string;
  access: { access: 'public' } | { access: 'permission'; permission: Permission };
  message: PlainMessageKey;
  tags: string[];
  summary: string;
}

/**
 * Vendor-only calls (spec 000 section 7): served at their paths so the console and old clients get
 * a clear answer, 422/1005 with a catalogued message in the caller's language, like
 * `/oauth/feiShuAuth` (docs/decisions/0004, Vendor-only calls). Each keeps the permission its
 * feature would need, so nobody learns more than they could do.
 */
export const VENDOR_CALLS: VendorCall[] = [
  { method: 'GET', url: '/user/getWxLoginImage', access: { access: 'public' }, message: 'wechatLoginNotAvailable', tags: ['sso'], summary: 'The WeChat sign-in QR code' },
  { method: 'POST', url: '/face/sync', access: { access: 'permission', permission: 'users:edit' }, message: 'faceSyncNotAvailable', tags: ['user'], summary: "Sync users' face data to the face-recognition service" },
  { method: 'POST', url: '/sms/queryBalance', access: { access: 'permission', permission: 'billing:view' }, message: 'smsNotAvailable', tags: ['messages'], summary: "The company's remaining text-message credit" },
  { method: 'POST', url: '/sms/queryPageList', access: { access: 'permission', permission: 'messages:view' }, message: 'smsNotAvailable', tags: ['messages'], summary: 'The text messages sent, paged' },
];

export function vendorRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    for (const vendorCall of VENDOR_CALLS) {
      const config: FastifyContextConfig = { ...vendorCall.access };
      app.route({
        method: vendorCall.method,
        url: vendorCall.url,
        config,
        schema: {
          tags: vendorCall.tags,
          summary: `${vendorCall.summary}: not available in this build (422/1005)`,
          description: 'Needs a vendor service this open-source build does not include; the answer says what to use instead.',
          response: envelopeResponses(z.null()),
        },
        handler: async () => {
          throw refused(vendorCall.message);
        },
      });
    }
  };
}
