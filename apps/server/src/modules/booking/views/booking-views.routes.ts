import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AvailableRooms,
  AvailableRoomsQuery,
  RoomAirAnswer,
  RoomAirQuery,
  ColleagueList,
  ColleagueSearchQuery,
  MEETING_SEARCH_LIMIT,
  MEETING_SEARCH_PAST_DAYS,
  MeetingSearchQuery,
  MeetingSearchResult,
  MyReservations,
  MyReservationsQuery,
  Schedule,
  ScheduleQuery,
} from '@atrium/contract';
import { requireAuth } from '../../../platform/access.js';
import { envelopeResponses, success } from '../../../platform/envelope.js';
import { fastSerializerCompiler } from '../../../platform/fast-serializer.js';
import type { BookingViewsService } from './booking-views.service.js';

const VIEW = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
const tags = ['meeting'];
const PRIVACY = "Another person's busy or private meeting comes without its title, remarks and participants (`visible: false`; private without its host too).";

const booker = (request: Parameters<typeof requireAuth>[0]) => {
  const { companyId, userId } = requireAuth(request);
  return { companyId, userId };
};

/** The calendar's reads (/reserve): my meetings, the rooms' day, the free rooms for a slot or a series. */
export function bookingViewsRoutes({ views }: { views: BookingViewsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/meeting/reservation/mine',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'My meetings in a period',
          description:
            'Query `from, to` (epoch ms, at most 42 days), `includeInactive?` (`true`: also cancelled, rejected, expired and released). The meetings the caller hosts or attends touching [from, to), across rooms, by start, each with its room\'s time zone (at most 2000).',
          querystring: MyReservationsQuery,
          response: envelopeResponses(MyReservations),
        },
      },
      async (request) => success(request, await views.mine(booker(request), request.query)),
    );

    app.get(
      '/meeting/schedule',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "Rooms and their meetings of a day",
          description: `Query \`date\` (YYYY-MM-DD), \`timeZone?\` (the viewer's IANA zone: every room's day is \`date\` in it; without it each room's own day), \`locationId?\` (rooms under it; all rooms when absent; 404 when unknown), \`capacityBand?\`, \`equipment?\` (repeated or comma-separated: rooms with all of them), \`keyword?\` (room name or place), \`page?\`, \`pageSize?\` (at most 100, default 50). Rooms in tree order, each with its day [dayStartAt, dayEndAt) (23 or 25 hours on a daylight-saving day), its pending and confirmed meetings touching that day and its disable periods. ${PRIVACY}`,
          querystring: ScheduleQuery,
          response: envelopeResponses(Schedule),
        },
      },
      async (request) => success(request, await views.schedule(booker(request), request.query)),
    );

    app.get(
      '/meeting/colleagues',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Colleagues to invite',
          description: "Query `keyword?`: the company's active users whose name, user name or e-mail contains it, by name, at most 20 (`{ id, fullName, email }`).",
          querystring: ColleagueSearchQuery,
          response: envelopeResponses(ColleagueList),
        },
      },
      async (request) => success(request, await views.colleagues(booker(request), request.query.keyword)),
    );

    app.get(
      '/meeting/search',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Find meetings by title',
          description: `Query \`keyword\` (required, at most 100 characters; % and _ match themselves), \`limit?\` (1 to ${MEETING_SEARCH_LIMIT.max}, default ${MEETING_SEARCH_LIMIT.default}). The pending and confirmed meetings of the caller's company whose title holds the keyword, ignoring case: upcoming and running ones soonest first, then those finished in the last ${MEETING_SEARCH_PAST_DAYS} days latest first. Only meetings whose title the caller may see: public ones, and busy or private ones the caller hosts or attends; another person's busy or private meeting is never found by its title.`,
          querystring: MeetingSearchQuery,
          response: envelopeResponses(MeetingSearchResult),
        },
      },
      async (request) => success(request, await views.searchMeetings(booker(request), request.query)),
    );

    app.get(
      '/meeting/available-rooms',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Rooms free for a slot',
          description:
            'Query `startAt, endAt` (epoch ms, at most 24 hours), `capacityBand?`, `equipment?`, `locationId?`, `repeat?` (JSON of a repeat rule), `repeatZone?` (the IANA zone whose days the weekdays and `until` of the rule are written in, the viewer\'s; without it, the days of each room), `exceptReservationId?` (a meeting being moved). Rooms that are available for booking, match the filters, and have no pending or confirmed meeting and no disable period overlapping the slot; with a repeat rule, the slot\'s wall-clock time in each room\'s zone on every occurrence (never ends = 180 days). Tree order, at most 200 (`truncated`).',
          querystring: AvailableRoomsQuery,
          response: envelopeResponses(AvailableRooms),
        },
        // Up to 200 rooms: the answer is written as built (fast-serializer.ts).
        serializerCompiler: fastSerializerCompiler,
      },
      async (request) => success(request, await views.availableRooms(booker(request), request.query)),
    );

    app.get(
      '/meeting/room-air',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'A room\'s air for a booking, with better rooms',
          description:
            'Query `roomId` and the slot as `/meeting/available-rooms` takes it (`startAt, endAt, repeat?, repeatZone?, exceptReservationId?`). `air`: the room\'s air now from its own online air monitors (values, each metric\'s state `ok`, `beyond` or `alert`, `isPoor` when any is not `ok`), null where none reads. When the air is poor, `better`: up to 3 rooms free for the slot whose air is read and good and that seat at least as many, nearest in the location tree first, then the smallest; else empty. Another company\'s room: 404.',
          querystring: RoomAirQuery,
          response: envelopeResponses(RoomAirAnswer),
        },
      },
      async (request) => success(request, await views.roomAir(booker(request), request.query)),
    );
  };
}
