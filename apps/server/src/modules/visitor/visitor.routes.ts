import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteVisitRuleBody, VisitRule, VisitRuleBody, VisitRules, ErrorEnvelope, VisitBadgeQuery, VisitorSettings, OnSiteList, OnSiteQuery, ConfirmVisitPassBody, DeleteWatchEntryBody, UpdateWatchEntryBody, WatchEntries, WatchEntryBody, ScanVisitPassBody, ScannedVisit, VISIT_PASS_HEADER, VisitPass, VisitPassExport, VisitIdBody, VisitHostQuery, VisitHosts, VisitLocations, AddVisitReasonBody, CancelVisitBody, DeleteVisitReasonBody, InviteVisitBody, UpdateVisitReasonBody, VisitDetailQuery, Visit, VisitPage, VisitQuery, VisitReasons } from '@atrium/contract';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { VisitorService } from './visitor.service.js';
import type { VisitorPasses } from './visitor-pass.service.js';
import type { VisitorWatchlist } from './visitor-watchlist.js';
import type { VisitorRetention } from './visitor-retention.js';
import type { VisitorBadges } from './visitor-badge.service.js';
import type { VisitorDevices } from './visitor-devices.service.js';
import type { VisitorRules } from './visitor-rules.js';

/**
 * The areas of the Guider pages (spec 000 menu group 7, decision 0018): the visitor settings page is
 * the visitor and reception display area, the invite page the events area, the visit records the
 * records area. The reasons are read by anyone who invites, so any colleague of the company reads them.
 */
const SETTINGS_EDIT = { access: 'permission', permission: 'visitorDisplay:edit', idempotent: true } as const;
const INVITE = { access: 'permission', permission: 'events:view', idempotent: true } as const;
const RECORDS = { access: 'permission', permission: 'records:view' } as const;
const tags = ['visitors'];

/** The visitor's pass token: the `visit-pass` header, never the URL (decision 0018). */
export const PassHeaders = z.object({ [VISIT_PASS_HEADER]: z.string().min(1).max(200) });
/**
 * The pass calls are for anyone on the internet who holds a pass: the visitor has no account (and is
 * no device), so the signed, expiring token is the credential; without a valid one they answer 404 as
 * for an unknown visit, and the address rate limit counts every try.
 */
const PASS = { access: 'public' } as const;

export function visitorRoutes({
  visitors,
  passes,
  watchlist,
  retention,
  badges,
  printers,
  rules,
}: {
  visitors: VisitorService;
  passes: VisitorPasses;
  watchlist: VisitorWatchlist;
  retention: VisitorRetention;
  badges: VisitorBadges;
  printers: Pick<VisitorDevices, 'printSettings'>;
  rules: VisitorRules;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const tokenOf = (request: { headers: Record<string, unknown> }) => String(request.headers[VISIT_PASS_HEADER]);

    app.get(
      '/visitor/pass',
      {
        config: PASS,
        schema: {
          tags,
          summary: "A visitor's pass",
          description:
            "Public: the visitor's own visit, opened by the signed token of their invitation link in the `visit-pass` header. 404/1002 for a token that is not valid (altered, another purpose, the visit erased), 422/1005 once it expired (30 days after the visit's end). `qr` is the code reception scans, while the visit can still be checked in.",
          headers: PassHeaders,
          response: envelopeResponses(VisitPass),
        },
      },
      async (request) => success(request, await passes.pass(tokenOf(request))),
    );

    app.post(
      '/visitor/pass/confirm',
      {
        config: PASS,
        schema: {
          tags,
          summary: 'The visitor confirms their visit',
          description: 'Public, `visit-pass` header. Body `{ name, company?, email?, phone? }` (an e-mail or a phone): the details the host gets; marks the visit responded. 422/1005 once it is cancelled, checked in or over.',
          headers: PassHeaders,
          body: ConfirmVisitPassBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await passes.confirm(tokenOf(request), request.body);
        return success(request, null, 'visitPassConfirmed');
      },
    );

    app.get(
      '/visitor/pass/export',
      {
        config: PASS,
        schema: { tags, summary: "The visitor's data", description: 'Public, `visit-pass` header: everything kept about the visit, for the visitor to download.', headers: PassHeaders, response: envelopeResponses(VisitPassExport) },
      },
      async (request) => success(request, await passes.exportData(tokenOf(request))),
    );

    app.post(
      '/visitor/pass/erase',
      {
        config: PASS,
        schema: {
          tags,
          summary: "Erase the visitor's data",
          description: 'Public, `visit-pass` header: deletes the visit and its companions (the link stops working). Not while the visitor is checked in (422/1005).',
          headers: PassHeaders,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await passes.erase(tokenOf(request));
        return success(request, null, 'visitPassErased');
      },
    );

    app.get(
      '/visitor/reason/list',
      {
        config: { access: 'authenticated' },
        schema: { tags, summary: "The company's visit reasons", description: 'By name. Any colleague reads them: the invite form offers them.', response: envelopeResponses(VisitReasons) },
      },
      async (request) => success(request, await visitors.listReasons(requireAuth(request).companyId)),
    );

    app.post(
      '/visitor/reason/add',
      {
        config: SETTINGS_EDIT,
        schema: {
          tags,
          summary: 'Add a visit reason',
          description: 'Body `{ name }`: not empty, at most 64 characters, unique in the company regardless of case and spaces (422/1005 names it). In the operation log.',
          body: AddVisitReasonBody,
          response: envelopeResponses(z.object({ id: z.number().int() })),
        },
      },
      async (request) => success(request, await visitors.addReason(actorOf(request), request.body.name), 'visitReasonAdded'),
    );

    app.post(
      '/visitor/reason/update',
      {
        config: SETTINGS_EDIT,
        schema: { tags, summary: 'Rename a visit reason', description: 'Body `{ id, name }`, the rules of add. Past visits keep the name they were made with.', body: UpdateVisitReasonBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await visitors.renameReason(actorOf(request), request.body.id, request.body.name);
        return success(request, null, 'visitReasonUpdated');
      },
    );

    app.post(
      '/visitor/reason/delete',
      {
        config: SETTINGS_EDIT,
        schema: { tags, summary: 'Delete a visit reason', description: 'Body `{ id }`. Past visits keep its name.', body: DeleteVisitReasonBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await visitors.deleteReason(actorOf(request), request.body.id);
        return success(request, null, 'visitReasonDeleted');
      },
    );

    app.get(
      '/visitor/settings',
      {
        config: { access: 'permission', permission: 'visitorDisplay:view' },
        schema: { tags, summary: 'Visitor preferences', description: '`{ retentionDays }`: days a visit is kept after it ended (checked out, cancelled, or past its end unvisited); 365 until changed.', response: envelopeResponses(VisitorSettings) },
      },
      async (request) => success(request, await retention.settings(requireAuth(request).companyId)),
    );

    app.post(
      '/visitor/settings',
      {
        config: SETTINGS_EDIT,
        schema: {
          tags,
          summary: 'Save the visitor preferences',
          description: 'Body `{ retentionDays }` (30 to 3650). A job deletes visits older than that, with their companions and door grants, after adding them to the counts the analysis keeps. In the operation log.',
          body: VisitorSettings,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await retention.save(actorOf(request), request.body);
        return success(request, null, 'visitorSettingsSaved');
      },
    );

    app.get(
      '/visitor/rule/list',
      {
        config: { access: 'permission', permission: 'visitorDisplay:view' },
        schema: {
          tags,
          summary: 'Visit rules',
          description: 'Reception (visitor display view): what each place asks of walk-ins, per visit reason or for all (`reasonId` null): `{ id, locationId, location, reasonId, reason, walkIns, approval, updatedAt }`, by place then reason. Without a rule a place receives walk-ins and their host approves them.',
          response: envelopeResponses(VisitRules),
        },
      },
      async (request) => success(request, await rules.list(requireAuth(request).companyId)),
    );

    app.post(
      '/visitor/rule/save',
      {
        config: SETTINGS_EDIT,
        schema: {
          tags,
          summary: 'Set a visit rule',
          description: 'Body `{ locationId, reasonId (null: every reason), walkIns, approval }`: replaces the rule the place has for that reason. A place or reason not of the company: 404. In the operation log.',
          body: VisitRuleBody,
          response: envelopeResponses(VisitRule),
        },
      },
      async (request) => success(request, await rules.save(actorOf(request), request.body), 'visitRuleSaved'),
    );

    app.post(
      '/visitor/rule/delete',
      {
        config: SETTINGS_EDIT,
        schema: { tags, summary: 'Delete a visit rule', description: 'Body `{ id }`: the place falls back to its next rule (for every reason, then its building\'s, then the default).', body: DeleteVisitRuleBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await rules.remove(actorOf(request), request.body.id);
        return success(request, null, 'visitRuleDeleted');
      },
    );

    app.get(
      '/visitor/watchlist',
      {
        config: { access: 'permission', permission: 'visitorDisplay:view' },
        schema: {
          tags,
          summary: "Reception's watchlist",
          description: 'Reception (visitor display view): the entries `{ id, name, aliases, email, phone, action, note, createdAt, updatedAt }` by name. `action`: alert, approval or refuse (decision 0018).',
          response: envelopeResponses(WatchEntries),
        },
      },
      async (request) => success(request, await watchlist.list(requireAuth(request).companyId)),
    );

    app.post(
      '/visitor/watchlist/add',
      {
        config: SETTINGS_EDIT,
        schema: {
          tags,
          summary: 'Add a watchlist entry',
          description:
            'Body `{ name, aliases? (at most 5), email?, phone?, action, note? }`. A visitor matches by the same e-mail (any case), the same phone (punctuation aside), or the name or an alias (case and spaces aside). In the operation log by name only.',
          body: WatchEntryBody,
          response: envelopeResponses(z.object({ id: z.number().int() })),
        },
      },
      async (request) => success(request, await watchlist.add(actorOf(request), request.body), 'visitWatchAdded', { name: request.body.name }),
    );

    app.post(
      '/visitor/watchlist/update',
      {
        config: SETTINGS_EDIT,
        schema: { tags, summary: 'Change a watchlist entry', description: 'Body `{ id, ...as add }`. Visits keep what was matched when they were made.', body: UpdateWatchEntryBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        const { id, ...entry } = request.body;
        await watchlist.update(actorOf(request), id, entry);
        return success(request, null, 'visitWatchUpdated');
      },
    );

    app.post(
      '/visitor/watchlist/delete',
      {
        config: SETTINGS_EDIT,
        schema: { tags, summary: 'Delete a watchlist entry', description: 'Body `{ id }`.', body: DeleteWatchEntryBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await watchlist.remove(actorOf(request), request.body.id);
        return success(request, null, 'visitWatchDeleted');
      },
    );

    app.get(
      '/visitor/hosts',
      {
        config: { access: 'permission', permission: 'events:view' },
        schema: { tags, summary: 'Colleagues to host a visit', description: "Query `keyword?`: the company's active colleagues whose name, user name or e-mail holds it, by name, at most 20.", querystring: VisitHostQuery, response: envelopeResponses(VisitHosts) },
      },
      async (request) => success(request, await visitors.hosts(requireAuth(request).companyId, request.query.keyword)),
    );

    app.get(
      '/visitor/locations',
      {
        // Any colleague may read the company's building and floor names, like the reason list: the invite
        // form, the records' filters and the reception devices page (roomsLocations) all offer them.
        config: { access: 'authenticated' },
        schema: { tags, summary: 'Where visitors come', description: "The company's buildings, each followed by its floors (`buildingName` set on floors).", response: envelopeResponses(VisitLocations) },
      },
      async (request) => success(request, await visitors.locations(requireAuth(request).companyId)),
    );

    app.post(
      '/visitor/invite',
      {
        config: INVITE,
        schema: {
          tags,
          summary: 'Invite a visitor',
          description:
            'Body: `visitor { name, email?, phone?, company?, isVip? }` (an e-mail or a phone), `type` (individual, group, temporary), `companions` (a group only, at most 5, each with an e-mail or a phone), `moreVisitors?` (not for a group, at most 9 further visitors as `visitor`: each gets a visit, pass and invitation of their own), `repeat?` (`{ every: week | workday, count: 2-12 }`: that many visits, every week on the same weekday or every working day, on the place\'s clock; a later visit\'s mail goes 3 days before it; at most 50 visits in all), `reasonId`, `hostId` (an active colleague), `locationId`, `visitAt` (not in the past), `expectedEndAt` (after `visitAt`), `note?`. No e-mail or phone twice in one invitation. Rules answer 422/1005, unknown records 404/1002. The caller is the inviter. `{ id, ids }`: the first visit and every visit made.',
          body: InviteVisitBody,
          response: envelopeResponses(z.object({ id: z.number().int(), ids: z.array(z.number().int()) })),
        },
      },
      async (request) => success(request, await visitors.invite(actorOf(request), request.body), 'visitInvited'),
    );

    app.get(
      '/visitor/list',
      {
        config: RECORDS,
        schema: {
          tags,
          summary: 'Visits',
          description:
            "Query `keyword?` (visitor's name, e-mail, phone or company), `status?`, `locationId?`, `from?`, `to?` (visit time), `page`, `pageSize`; newest visit first. Reception (visitor display view) and administrators read the company's visits, everyone else those they host or invited.",
          querystring: VisitQuery,
          response: envelopeResponses(VisitPage),
        },
      },
      async (request) => success(request, await visitors.list(actorOf(request), request.query)),
    );

    app.get(
      '/visitor/mine',
      {
        config: { access: 'permission', permission: 'events:view' },
        schema: {
          tags,
          summary: "The caller's invitations",
          description: 'The invite page\'s list: the visits the caller hosts or invited, with the filters of `/visitor/list`; newest visit first.',
          querystring: VisitQuery,
          response: envelopeResponses(VisitPage),
        },
      },
      async (request) => success(request, await visitors.mine(actorOf(request), request.query)),
    );

    app.get(
      '/visitor/detail',
      {
        config: RECORDS,
        schema: { tags, summary: 'One visit', description: 'Query `id`; a visit the caller may not read answers 404/1002, as an unknown one.', querystring: VisitDetailQuery, response: envelopeResponses(Visit) },
      },
      async (request) => success(request, await visitors.detail(actorOf(request), request.query.id)),
    );

    app.get(
      '/visitor/badge',
      {
        // Reception prints badges: the visitor and reception display area reads every visit of the company.
        config: { access: 'permission', permission: 'visitorDisplay:view' },
        schema: {
          tags,
          summary: "A visitor's badge (PDF)",
          description:
            "Query `id`, `stock` (ql62x100: Brother QL 62x100 mm, landscape; dymo54x25: Dymo 54x25 mm, landscape; a6: 105x148 mm; default ql62x100), `offsetX?`, `offsetY?` (mm, -10 to 10: the printer's calibration moves everything right and down), or `printerId`: a badge printer of the company (/guider-location), whose stock and offset are used (another id: 404). The visitor's name, company, host, the visit's time on its place's clock, the pass's QR code and a VIP mark, labels in the caller's language. One page of the stock's size, shown inline. Another company's or an unknown visit: 404/1002; a cancelled one: 422/1005.",
          querystring: VisitBadgeQuery,
          response: { 200: z.unknown().describe('The badge, application/pdf'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const { id, stock, offsetX, offsetY, printerId } = request.query;
        const { companyId } = requireAuth(request);
        const print = printerId === undefined ? { stock, offsetMm: { x: offsetX, y: offsetY } } : await printers.printSettings(companyId, printerId);
        const pdf = await badges.badge(await visitors.readScope(actorOf(request)), id, print, request.lang);
        return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="badge-${id}.pdf"`).header('cache-control', 'no-store').send(pdf);
      },
    );

    app.post(
      '/visitor/check-in',
      {
        config: INVITE,
        schema: {
          tags,
          summary: 'Check a visitor in',
          description:
            "Body `{ id }`: the caller's own visit (hosted or invited), or any with visitor display edit (reception). From 2 hours before the visit time until its expected end, once, not a cancelled visit (422/1005 says which).",
          body: VisitIdBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        const { name } = await visitors.checkIn(actorOf(request), request.body.id);
        return success(request, null, 'visitCheckedIn', { name });
      },
    );

    app.post(
      '/visitor/scan',
      {
        config: SETTINGS_EDIT,
        schema: {
          tags,
          summary: "Check a visitor in by their pass's code",
          description:
            "Reception (visitor display edit). Body `{ code }`: the pass link a scanner read from the visitor's QR code, or its token. A code that is not one of the company's passes: 404/1002; an expired one: 422/1005; then the rules of `/visitor/check-in`. `{ id, name }`.",
          body: ScanVisitPassBody,
          response: envelopeResponses(ScannedVisit),
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const id = await passes.scannedVisitId(actor.companyId, request.body.code);
        const { name } = await visitors.checkIn(actor, id);
        return success(request, { id, name }, 'visitCheckedIn', { name });
      },
    );

    app.post(
      '/visitor/check-out',
      {
        config: INVITE,
        schema: {
          tags,
          summary: 'Check a visitor out',
          description: 'Body `{ id }`: as check-in; a visitor checked in and not out yet (422/1005 otherwise).',
          body: VisitIdBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        const { name } = await visitors.checkOut(actorOf(request), request.body.id);
        return success(request, null, 'visitCheckedOut', { name });
      },
    );

    app.post(
      '/visitor/cancel',
      {
        config: INVITE,
        schema: {
          tags,
          summary: 'Cancel a visit',
          description: "Body `{ id }`: the caller's own visit (hosted or invited), or any with visitor display edit; not once checked in, over or cancelled (422/1005).",
          body: CancelVisitBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await visitors.cancel(actorOf(request), request.body.id);
        return success(request, null, 'visitCancelled');
      },
    );

    // ---- On site now ----

    app.get(
      '/visitor/on-site',
      {
        // Reception's and administrators': a muster list names every visitor of the company (decision 0018).
        config: { access: 'permission', permission: 'visitorDisplay:view' },
        schema: {
          tags,
          summary: 'Everyone on site now',
          description:
            "Query `locationId?`: a building (its floors included) or a floor; another company's matches nothing. The company's visits checked in and not checked out, by building, location and visitor name, with their companions; `totalPeople` counts visitors and companions. The console's muster list.",
          querystring: OnSiteQuery,
          response: envelopeResponses(OnSiteList),
        },
      },
      async (request) => success(request, await visitors.onSite(actorOf(request), request.query)),
    );
  };
}
