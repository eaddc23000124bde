import { z } from 'zod';
import { UserEmail, UserPhone } from './directory.js';
import { TEXT_MAX } from './limits.js';
import { PageQuery, pageOf } from './paging.js';

/**
 * Visitors (issue 20; spec 001 sections 2 to 5 and 8, the Guider pages): the visit reasons of the
 * visitor settings page and the invitations hosts send, with the statuses a visit passes through.
 * Decision 0018 says who sees which visit and how a status follows from its events and the clock.
 */

const id = z.coerce.number().int().positive();
const epochMs = z.number().int().nonnegative();

/** The longest visit reason, visitor name, and note. */
export const VISIT_REASON_MAX = 64;
export const VISITOR_NAME_MAX = 64;
export const VISIT_NOTE_MAX = 500;
/** A group visitor brings at most this many companions (spec 001 section 8). */
export const VISIT_COMPANIONS_MAX = 5;

/** Individual, group (with companions) or temporary (a one-off walk-in or contractor) (spec 001 section 3). */
export const VISITOR_TYPES = ['individual', 'group', 'temporary'] as const;
export const VisitorType = z.enum(VISITOR_TYPES);
export type VisitorType = z.infer<typeof VisitorType>;

/** How the visit came to be (spec 001 section 3): invited by a host, pre-registered, self-registered, by scanning a code. */
export const VISIT_METHODS = ['manual', 'preRegistration', 'selfRegistration', 'scan'] as const;
export const VisitMethod = z.enum(VISIT_METHODS);
export type VisitMethod = z.infer<typeof VisitMethod>;

/**
 * A visit's status (spec 001 section 4), derived from its events and the clock (visitStatusAt):
 * invited and not yet confirmed (notResponded), confirmed by the visitor (responded), checked in,
 * checked out, cancelled; past its expected end without a check-in, `noShow` if the visitor had
 * confirmed and `expired` if not.
 */
export const VISIT_STATUSES = ['notResponded', 'responded', 'checkedIn', 'checkedOut', 'expired', 'noShow', 'cancelled'] as const;
export const VisitStatus = z.enum(VISIT_STATUSES);
export type VisitStatus = z.infer<typeof VisitStatus>;

/** The moments a status is read from. */
export interface VisitMoments {
  expectedEndAt: number;
  respondedAt: number | null;
  checkedInAt: number | null;
  checkedOutAt: number | null;
  cancelledAt: number | null;
}

/** A visit's status at `now` (VISIT_STATUSES). */
export function visitStatusAt(visit: VisitMoments, now: number): VisitStatus {
  if (visit.cancelledAt !== null) return 'cancelled';
  if (visit.checkedOutAt !== null) return 'checkedOut';
  if (visit.checkedInAt !== null) return 'checkedIn';
  if (visit.expectedEndAt <= now) return visit.respondedAt !== null ? 'noShow' : 'expired';
  return visit.respondedAt !== null ? 'responded' : 'notResponded';
}

// ---- Visit reasons (the visitor settings page) ----

const ReasonName = z.string().trim().min(1, 'Enter a visit reason').max(VISIT_REASON_MAX);

export const VisitReason = z.object({ id: z.number().int(), name: z.string(), createdAt: z.number().int() });
export type VisitReason = z.infer<typeof VisitReason>;
export const VisitReasons = z.array(VisitReason);

/** `POST /visitor/reason/add`: a name not empty and unique in the company, case and spaces aside. */
export const AddVisitReasonBody = z.object({ name: ReasonName });
export type AddVisitReasonBody = z.infer<typeof AddVisitReasonBody>;
/** `POST /visitor/reason/update`. */
export const UpdateVisitReasonBody = z.object({ id, name: ReasonName });
export type UpdateVisitReasonBody = z.infer<typeof UpdateVisitReasonBody>;
/** `POST /visitor/reason/delete`: visits keep the reason's name. */
export const DeleteVisitReasonBody = z.object({ id });

// ---- Invitations ----

/** An optional e-mail or phone: absent or empty means none. */
const optional = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([schema, z.literal('')])
    .nullish()
    .transform((value) => (value ? (value as string) : null));

/** A person who visits: a name, and an e-mail or a phone (at least one) to reach them. */
export const VisitorContact = z.object({
  name: z.string().trim().min(1, 'Enter the visitor’s name').max(VISITOR_NAME_MAX),
  email: optional(UserEmail),
  phone: optional(UserPhone),
});
export type VisitorContact = z.infer<typeof VisitorContact>;

/**
 * `POST /visitor/invite`: one visitor (with up to five companions for a group) at a location, for a
 * reason, hosted by a colleague, from `visitAt` (not in the past) to `expectedEndAt` (after it).
 * The rules that need the clock or the company's records answer 422 with a message (decision 0018).
 */
/** An invited visitor: a person with their company, and whether they are a VIP (their badge says so). */
export const InvitedVisitor = VisitorContact.extend({
  company: z.string().trim().max(TEXT_MAX).nullish().transform((value) => (value ? value : null)),
  isVip: z.boolean().default(false),
});

/** The most further visitors one invitation holds (each gets a visit and a pass of their own). */
export const VISIT_MORE_VISITORS_MAX = 9;
/** The most occurrences a repeated invitation makes, and the most visits one invitation makes in all. */
export const VISIT_REPEAT_MAX = 12;
export const VISIT_INVITE_VISITS_MAX = 50;
/** How a visit repeats: every week on the same weekday, or every working day (Monday to Friday), on the place's clock. */
export const VISIT_REPEATS = ['week', 'workday'] as const;
/** A repeated visit's invitation mail is sent this many days before it (at once for the first, or when that is past). */
export const VISIT_REPEAT_MAIL_DAYS_BEFORE = 3;

export const InviteVisitBody = z.object({
  visitor: InvitedVisitor,
  type: VisitorType.default('individual'),
  companions: z.array(VisitorContact).max(VISIT_COMPANIONS_MAX, `At most ${VISIT_COMPANIONS_MAX} companions`).default([]),
  /** Further visitors of the same visit (not a group's companions): each gets their own visit, pass and invitation. */
  moreVisitors: z.array(InvitedVisitor).max(VISIT_MORE_VISITORS_MAX, `At most ${VISIT_MORE_VISITORS_MAX} more visitors`).default([]),
  /** A visit that repeats (a contractor every Tuesday): `count` visits in all, the first at `visitAt`; null: once. */
  repeat: z
    .object({ every: z.enum(VISIT_REPEATS), count: z.number().int().min(2, 'At least 2 visits').max(VISIT_REPEAT_MAX, `At most ${VISIT_REPEAT_MAX} visits`) })
    .nullish()
    .transform((value) => value ?? null),
  reasonId: id,
  hostId: id,
  locationId: id,
  visitAt: epochMs,
  expectedEndAt: epochMs,
  note: z.string().trim().max(VISIT_NOTE_MAX).nullish().transform((value) => (value ? value : null)),
});
export type InviteVisitBody = z.input<typeof InviteVisitBody>;
export type InviteVisit = z.output<typeof InviteVisitBody>;

const PersonRef = z.object({ id: z.number().int(), name: z.string() });

/** A visit as lists and the detail page show it. */
export const Visit = z.object({
  id: z.number().int(),
  status: VisitStatus,
  type: VisitorType,
  method: VisitMethod,
  isVip: z.boolean(),
  visitorName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  visitorCompany: z.string().nullable(),
  companions: z.array(z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })),
  /** The reason's name when the visit was made (a reason deleted since keeps its name here). */
  reason: z.string(),
  reasonId: z.number().int().nullable(),
  host: PersonRef.nullable(),
  inviter: PersonRef.nullable(),
  /** Where the visitor comes, with the IANA zone its times are kept in (its building's). */
  location: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string().nullable() }).nullable(),
  visitAt: z.number().int(),
  expectedEndAt: z.number().int(),
  respondedAt: z.number().int().nullable(),
  checkedInAt: z.number().int().nullable(),
  checkedOutAt: z.number().int().nullable(),
  cancelledAt: z.number().int().nullable(),
  note: z.string().nullable(),
  createdAt: z.number().int(),
  /**
   * The watchlist's word on the visitor, for reception only (visitor display view): the strongest
   * action of the entries they matched, and the entry's name. Null for everyone else, and when none matched.
   */
  watch: z.lazy(() => VisitWatch).nullable(),
  /** A visit that asked to be approved (a walk-in who registered themselves): its application; null for an invitation. */
  approval: z.lazy(() => VisitApproval).nullable(),
  /** What the visitor did before check-in (signed, photo, answers). */
  completion: z.lazy(() => VisitCompletion),
  /** Whether the answers let the visitor in by themselves; null before they answered. */
  answersAdmit: z.boolean().nullable(),
  /** What the visit's rule asks before check-in: on the detail only (null in lists). */
  requirements: z.lazy(() => VisitRequirements).nullable(),
});
export type Visit = z.infer<typeof Visit>;

// ---- Applications: visitors who register themselves, approved by their host (spec 001 section 4) ----

/**
 * An application's state (spec 001 section 4: "under approval, approved, rejected"; a withdrawn one
 * is a cancelled visit). A visit under approval cannot be checked in; a rejected one is cancelled.
 */
export const VISIT_APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export const VisitApprovalState = z.enum(VISIT_APPROVAL_STATES);
export type VisitApprovalState = z.infer<typeof VisitApprovalState>;

export const VisitApproval = z.object({
  state: VisitApprovalState,
  /** Why it was rejected, as the decider wrote it for the visitor. */
  reason: z.string().nullable(),
  decidedBy: PersonRef.nullable(),
  decidedAt: z.number().int().nullable(),
});
export type VisitApproval = z.infer<typeof VisitApproval>;

/** How long a walk-in says they stay, in hours: the visit's expected end. */
export const WALK_IN_STAY_HOURS = { min: 1, max: 12, default: 2 } as const;

/**
 * `POST /device/visitor/register` (a kiosk) and `POST /visitor/register` (a place's walk-in link): a
 * visitor who came without an invitation registers themselves, naming their host and reason; the
 * visit starts now at the kiosk's or the link's place and waits for the host's approval.
 */
export const SelfRegisterBody = z.object({
  visitor: VisitorContact.extend({
    company: z.string().trim().max(TEXT_MAX).nullish().transform((value) => (value ? value : null)),
  }),
  hostId: id,
  reasonId: id,
  stayHours: z.number().int().min(WALK_IN_STAY_HOURS.min).max(WALK_IN_STAY_HOURS.max).default(WALK_IN_STAY_HOURS.default),
});
export type SelfRegisterBody = z.input<typeof SelfRegisterBody>;
export type SelfRegistration = z.output<typeof SelfRegisterBody>;

/**
 * A walk-in's host picker (`GET /device/visitor/hosts`, `GET /visitor/register/hosts`): names only,
 * at most five, for a keyword of at least two characters: a public page is no company directory.
 */
export const WALK_IN_HOSTS_MAX = 5;
export const WalkInHostQuery = z.object({ keyword: z.string().trim().min(2, 'Type at least two letters of the name').max(100) });
export const WalkInHost = z.object({ id: z.number().int(), fullName: z.string() });
export type WalkInHost = z.infer<typeof WalkInHost>;
export const WalkInHosts = z.array(WalkInHost);

/** `GET /visitor/apply/list`: the applications the caller decides (their own visitors'; reception the company's). */
export const ApplicationQuery = PageQuery.extend({ state: VisitApprovalState.optional() });
export type ApplicationQuery = z.infer<typeof ApplicationQuery>;
/** `POST /visitor/apply/approve`. */
export const ApproveVisitBody = z.object({ id });
/** `POST /visitor/apply/reject`: the reason is for the visitor. */
export const RejectVisitBody = z.object({ id, reason: z.string().trim().min(1, 'Say why, for the visitor').max(VISIT_NOTE_MAX) });
export type RejectVisitBody = z.infer<typeof RejectVisitBody>;

/** The header that carries a place's walk-in link token, as the pass's does (the token travels in the link's fragment). */
export const VISIT_REGISTER_HEADER = 'visit-register';
/** A place's walk-in link (printed as a poster at the entrance) opens for this many days from when it was made. */
export const VISIT_REGISTER_LINK_DAYS = 365;

/** `GET /visitor/register`: what the walk-in page shows of the place whose link was opened. */
export const RegisterPlace = z.object({
  companyName: z.string(),
  location: z.object({ name: z.string(), timeZone: z.string().nullable() }),
  reasons: z.array(z.object({ id: z.number().int(), name: z.string() })),
  welcome: z.object({ en: z.string().nullable(), zh: z.string().nullable() }),
  color: z.string().nullable(),
  /** Whether the place receives walk-ins (its rule for every reason); when not, the page says so instead of the form. */
  walkIns: z.boolean(),
});
export type RegisterPlace = z.infer<typeof RegisterPlace>;
/** `POST /visitor/register`: the new visit's pass token; the page opens the pass (`/visit#<pass>`), which follows the approval. */
export const RegisterResult = z.object({ pass: z.string() });

/** `GET /visitor/place/register-link`: a place's walk-in link, for reception to print and post. */
export const RegisterLink = z.object({ link: z.string(), expiresAt: z.number().int(), /** The link as a QR code (PNG data URL), for the poster. */ qr: z.string() });
export type RegisterLink = z.infer<typeof RegisterLink>;

// ---- Visit rules (the visitor settings page's Rule setting tab): per place and visit reason ----

/** The longest non-disclosure agreement a rule holds (characters). */
export const VISIT_NDA_TEXT_MAX = 20_000;
/** The most questions a rule asks. */
export const VISIT_QUESTIONS_MAX = 10;
export const VISIT_QUESTION_MAX = 300;
export const VISIT_ANSWERS = ['yes', 'no'] as const;
export const VisitAnswer = z.enum(VISIT_ANSWERS);
export type VisitAnswer = z.infer<typeof VisitAnswer>;

/**
 * A yes-or-no question of a health and safety questionnaire, with the answer that lets the visitor in
 * by themselves; the other answer sends them to reception (the kiosk does not check them in).
 */
export const VisitQuestion = z.object({
  text: z.string().trim().min(1, 'Write the question').max(VISIT_QUESTION_MAX, `At most ${VISIT_QUESTION_MAX} characters`),
  admitWhen: VisitAnswer,
});
export type VisitQuestion = z.infer<typeof VisitQuestion>;

/**
 * What a place asks of walk-ins (decision 0018, "Visit rules"), for one visit reason or all of them:
 * whether it receives walk-ins at all, and whether their host must approve them. The most specific
 * rule decides: the place's for the reason, the place's for all reasons, then the same of its building,
 * then the default (walk-ins received, approved by their host).
 */
export const VisitRuleBody = z.object({
  locationId: id,
  /** Null: every reason. */
  reasonId: id.nullable(),
  walkIns: z.boolean(),
  approval: z.boolean(),
  /**
   * What every visitor of the place and reason does before check-in (decision 0018, "What a visitor does
   * before check-in"), invited or walk-in, on their pass, at the kiosk or on the walk-in page: sign the
   * non-disclosure agreement of this text (null: none), give a photo, answer the questions.
   */
  ndaText: z
    .string()
    .trim()
    .max(VISIT_NDA_TEXT_MAX, `At most ${VISIT_NDA_TEXT_MAX} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
  photo: z.boolean().default(false),
  questions: z.array(z.lazy(() => VisitQuestion)).max(VISIT_QUESTIONS_MAX, `At most ${VISIT_QUESTIONS_MAX} questions`).default([]),
});
export type VisitRuleBody = z.input<typeof VisitRuleBody>;
export type VisitRuleFields = z.output<typeof VisitRuleBody>;
/** The rule that holds when none is set: walk-ins received and approved by their host, nothing asked before check-in. */
export const DEFAULT_VISIT_RULE = { walkIns: true, approval: true, ndaText: null, photo: false, questions: [] } as const;

export const VisitRule = z.object({
  locationId: z.number().int(),
  reasonId: z.number().int().nullable(),
  walkIns: z.boolean(),
  approval: z.boolean(),
  ndaText: z.string().nullable(),
  photo: z.boolean(),
  questions: z.array(z.lazy(() => VisitQuestion)),
  id: z.number().int(),
  /** The place as the visitor pages name it: a building, or a floor with its building's name. */
  location: z.lazy(() => VisitLocation),
  /** The reason's name; null for every reason. */
  reason: z.string().nullable(),
  updatedAt: z.number().int(),
});
export type VisitRule = z.infer<typeof VisitRule>;
export const VisitRules = z.array(VisitRule);
/** `POST /visitor/rule/delete`: the place falls back to the next rule. */
export const DeleteVisitRuleBody = z.object({ id });

// ---- The watchlist (reception's: the visitor settings page's Rule setting tab) ----

/**
 * What reception does about a visitor on the watchlist (decision 0018, "The watchlist"): `alert`
 * (reception is told when they check in), `approval` (only reception admits them: their host cannot
 * check them in), `refuse` (they cannot be invited or checked in). Strongest last.
 */
export const WATCH_ACTIONS = ['alert', 'approval', 'refuse'] as const;
export const WatchAction = z.enum(WATCH_ACTIONS);
export type WatchAction = z.infer<typeof WatchAction>;
/** Aliases an entry may carry. */
export const WATCH_ALIASES_MAX = 5;

export const VisitWatch = z.object({ action: WatchAction, name: z.string() });
export type VisitWatch = z.infer<typeof VisitWatch>;

const WatchName = z.string().trim().min(1, 'Enter the name to watch for').max(VISITOR_NAME_MAX);

/** `POST /visitor/watchlist/add`: a name (and aliases) and, to match more surely, an e-mail or a phone. */
export const WatchEntryBody = z.object({
  name: WatchName,
  aliases: z.array(WatchName).max(WATCH_ALIASES_MAX, `At most ${WATCH_ALIASES_MAX} aliases`).default([]),
  email: optional(UserEmail),
  phone: optional(UserPhone),
  action: WatchAction,
  note: z.string().trim().max(VISIT_NOTE_MAX).nullish().transform((value) => (value ? value : null)),
});
export type WatchEntryBody = z.input<typeof WatchEntryBody>;
export type WatchEntryInput = z.output<typeof WatchEntryBody>;
/** `POST /visitor/watchlist/update`. */
export const UpdateWatchEntryBody = WatchEntryBody.extend({ id });
/** `POST /visitor/watchlist/delete`. */
export const DeleteWatchEntryBody = z.object({ id });

export const WatchEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  aliases: z.array(z.string()),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  action: WatchAction,
  note: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type WatchEntry = z.infer<typeof WatchEntry>;
export const WatchEntries = z.array(WatchEntry);

/** A name as the watchlist compares it: case, accents' width and repeated spaces aside. */
export const watchNameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
/** A phone as the watchlist compares it: without spaces, brackets, dots and hyphens. */
export const watchPhoneKey = (phone: string) => phone.replace(/[\s().-]/g, '');

/**
 * The strongest entry a person matches (decision 0018): the same e-mail (any case), the same phone
 * (punctuation aside), or the entry's name or an alias (case and spaces aside); null when none.
 */
export function watchMatch<E extends Pick<WatchEntry, 'name' | 'aliases' | 'email' | 'phone' | 'action'>>(
  entries: readonly E[],
  person: { name: string; email: string | null; phone: string | null },
): E | null {
  const name = watchNameKey(person.name);
  const email = person.email?.toLowerCase() ?? null;
  const phone = person.phone ? watchPhoneKey(person.phone) : null;
  let strongest: E | null = null;
  for (const entry of entries) {
    const matches =
      (email !== null && entry.email?.toLowerCase() === email) ||
      (phone !== null && entry.phone !== null && watchPhoneKey(entry.phone) === phone) ||
      [entry.name, ...entry.aliases].some((value) => watchNameKey(value) === name);
    if (matches && (strongest === null || WATCH_ACTIONS.indexOf(entry.action) > WATCH_ACTIONS.indexOf(strongest.action))) strongest = entry;
  }
  return strongest;
}

/** `GET /visitor/list`: visits by visit time, newest first; `keyword` in the visitor's name, e-mail, phone or company. */
export const VisitQuery = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  status: VisitStatus.optional(),
  locationId: id.optional(),
  from: z.coerce.number().int().optional().describe('Visits from this moment, UTC epoch milliseconds'),
  to: z.coerce.number().int().optional().describe('Visits before this moment, UTC epoch milliseconds'),
  /** Applications only, in this state. */
  approval: VisitApprovalState.optional(),
});
export type VisitQuery = z.infer<typeof VisitQuery>;

export const VisitPage = pageOf(Visit);
export type VisitPage = z.infer<typeof VisitPage>;

/** `POST /visitor/check-in`, `POST /visitor/check-out`. */
export const VisitIdBody = z.object({ id });

/** `GET /visitor/detail`. */
export const VisitDetailQuery = z.object({ id });
/** `POST /visitor/cancel`: a visit not yet checked in, cancelled or over. */
export const CancelVisitBody = z.object({ id });

/** `GET /visitor/hosts`: active colleagues to host a visit, by name, at most 20. */
export const VisitHostQuery = z.object({ keyword: z.string().trim().max(100).default('') });
export const VisitHost = z.object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable() });
export type VisitHost = z.infer<typeof VisitHost>;
export const VisitHosts = z.array(VisitHost);

/** `GET /visitor/locations`: where visitors come, the company's buildings and their floors, building first. */
export const VisitLocation = z.object({ id: z.number().int(), name: z.string(), buildingName: z.string().nullable(), timeZone: z.string().nullable() });
export type VisitLocation = z.infer<typeof VisitLocation>;
export const VisitLocations = z.array(VisitLocation);

// ---- The visitor's pass: the invitation's link, a phone-sized page (the spec's H5 port) ----

/**
 * The header that carries a visitor's pass token on the pass calls. The token travels in the link's
 * fragment (`/visit#<token>`), which browsers never send, and then in this header: it reaches no
 * request log and no referrer (decision 0018, "The visitor's pass").
 */
export const VISIT_PASS_HEADER = 'visit-pass';
/** A pass opens until this many days after the visit's expected end: the visitor can still export or erase their data. */
export const VISIT_PASS_DAYS_AFTER = 30;

/** What a visitor sees of their own visit on the pass page: only their visit, never the company's other records. */
export const VisitPass = z.object({
  status: VisitStatus,
  companyName: z.string(),
  visitorName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  visitorCompany: z.string().nullable(),
  companions: z.array(z.object({ name: z.string() })),
  /** The host's name (not their address). */
  hostName: z.string().nullable(),
  location: z.object({ name: z.string(), timeZone: z.string().nullable() }).nullable(),
  reason: z.string(),
  visitAt: z.number().int(),
  expectedEndAt: z.number().int(),
  respondedAt: z.number().int().nullable(),
  checkedInAt: z.number().int().nullable(),
  checkedOutAt: z.number().int().nullable(),
  /**
   * The code reception scans at arrival, as a PNG data URL, while the visit can still be checked in
   * (not cancelled, not over, not yet checked in); null otherwise.
   */
  qr: z.string().nullable(),
  /** Whether the visitor may still confirm and change their details (not cancelled, not checked in, not over). */
  canConfirm: z.boolean(),
  /** Whether the visitor may erase the visit now: not while on site (checked in, not out). */
  canErase: z.boolean(),
  /** A walk-in's application: under approval the pass shows no code; rejected, the host's reason. */
  approval: z.object({ state: VisitApprovalState, reason: z.string().nullable() }).nullable(),
  /** What the visitor does before check-in, and what they did; steps can be taken while the visit is open (not cancelled, not checked in, not over). */
  requirements: z.lazy(() => VisitRequirements),
  completion: z.lazy(() => VisitCompletion),
  /** Whether the answers let the visitor in by themselves (false: they see reception on arrival, as they were told); null before they answered. */
  answersAdmit: z.boolean().nullable(),
});
export type VisitPass = z.infer<typeof VisitPass>;

/**
 * What a visit's rule asks of the visitor before check-in (decision 0018, "What a visitor does before
 * check-in"), as the visitor sees it: the agreement's text (null: none), a photo, the questions (the
 * answers that admit stay with the company).
 */
export const VisitRequirements = z.object({
  ndaText: z.string().nullable(),
  photo: z.boolean(),
  questions: z.array(z.string()),
});
export type VisitRequirements = z.infer<typeof VisitRequirements>;

/** What the visitor has done of it: signed (the name they typed, when), given a photo, answered. */
export const VisitCompletion = z.object({
  ndaSignedName: z.string().nullable(),
  ndaSignedAt: z.number().int().nullable(),
  photoAt: z.number().int().nullable(),
  answeredAt: z.number().int().nullable(),
  /** The answers as given, with their questions; null before the visitor answered. */
  answers: z.array(z.object({ question: z.string(), answer: VisitAnswer })).nullable(),
});
export type VisitCompletion = z.infer<typeof VisitCompletion>;

/** The parts of the requirements still to do: what a check-in is refused for. */
export const VISIT_STEPS = ['nda', 'photo', 'questions'] as const;
export type VisitStep = (typeof VISIT_STEPS)[number];
/** The steps a visit's rule asks for, in the order the visitor takes them. */
export function askedSteps(requirements: VisitRequirements): VisitStep[] {
  const isAsked: Record<VisitStep, boolean> = { nda: requirements.ndaText !== null, photo: requirements.photo, questions: requirements.questions.length > 0 };
  return VISIT_STEPS.filter((step) => isAsked[step]);
}

/** Whether the visitor has done a step (signed, given a photo, answered). */
export function isStepDone(step: VisitStep, completion: VisitCompletion): boolean {
  const doneAt: Record<VisitStep, number | null> = { nda: completion.ndaSignedAt, photo: completion.photoAt, questions: completion.answeredAt };
  return doneAt[step] !== null;
}

/** The asked steps not yet done: what a check-in is refused for (the server's rule and the console's view of it). */
export const stepsLeft = (requirements: VisitRequirements, completion: VisitCompletion): VisitStep[] => askedSteps(requirements).filter((step) => !isStepDone(step, completion));

/** The largest photo taken in (a phone camera's full-size JPEG); it is kept much smaller. */
export const VISIT_PHOTO_MAX_BYTES = 12 * 1024 * 1024;

/** A check-in refused with `visitStepsMissing` carries the steps left as its result. */
export interface VisitStepsRefusal {
  steps: VisitStep[];
}

/** `POST /visitor/pass/nda` (and the kiosk's): the visitor signs by typing their full name. */
export const SignVisitNdaBody = z.object({
  signedName: z.string().trim().min(1, 'Type your full name to sign').max(VISITOR_NAME_MAX, `At most ${VISITOR_NAME_MAX} characters`),
});
export type SignVisitNdaBody = z.infer<typeof SignVisitNdaBody>;

/** `POST /visitor/pass/answers` (and the kiosk's): an answer to every question, in their order. */
export const AnswerVisitBody = z.object({
  answers: z.array(VisitAnswer).min(1).max(VISIT_QUESTIONS_MAX),
});
export type AnswerVisitBody = z.infer<typeof AnswerVisitBody>;

/** The visitor's photo: a JPEG or PNG (checked by content), kept as a JPEG within this square. */
export const VISIT_PHOTO_SIZE = 480;
/** A visit's kept documents, as `GET /visitor/document` serves them to reception. */
export const VISIT_DOCUMENTS = ['nda', 'photo'] as const;
export const VisitDocumentQuery = z.object({ id, kind: z.enum(VISIT_DOCUMENTS) });
export type VisitDocumentQuery = z.infer<typeof VisitDocumentQuery>;

/**
 * `POST /visitor/pass/confirm`: the visitor confirms they come, with their details as they want the
 * host to have them (pre-registration): their name, company, and an e-mail or a phone.
 */
export const ConfirmVisitPassBody = VisitorContact.extend({
  company: z.string().trim().max(TEXT_MAX).nullish().transform((value) => (value ? value : null)),
});
export type ConfirmVisitPassBody = z.input<typeof ConfirmVisitPassBody>;
export type ConfirmVisitPass = z.output<typeof ConfirmVisitPassBody>;

/**
 * `POST /visitor/scan`: reception checks a visitor in by the code on their pass, read by a scanner
 * (which types the link) or pasted: the pass link or its token.
 */
export const ScanVisitPassBody = z.object({ code: z.string().trim().min(1, 'Scan or paste the visitor’s code').max(500) });
export type ScanVisitPassBody = z.infer<typeof ScanVisitPassBody>;
export const ScannedVisit = z.object({ id: z.number().int(), name: z.string() });
export type ScannedVisit = z.infer<typeof ScannedVisit>;

/** `GET /visitor/pass/export`: everything the company keeps about the visitor's visit, for them to download. */
export const VisitPassExport = z.object({
  exportedAt: z.number().int(),
  companyName: z.string(),
  visit: Visit.pick({
    visitorName: true,
    email: true,
    phone: true,
    visitorCompany: true,
    isVip: true,
    type: true,
    companions: true,
    reason: true,
    note: true,
    visitAt: true,
    expectedEndAt: true,
    respondedAt: true,
    checkedInAt: true,
    checkedOutAt: true,
    cancelledAt: true,
    createdAt: true,
  }).extend({ hostName: z.string().nullable(), location: z.string().nullable() }),
});
export type VisitPassExport = z.infer<typeof VisitPassExport>;

// ---- On site now: everyone checked in, per location (the muster list) ----

/** `GET /visitor/on-site`: a building (with its floors) or a floor; absent: every location of the company. */
export const OnSiteQuery = z.object({ locationId: id.optional() });
export type OnSiteQuery = z.infer<typeof OnSiteQuery>;

/** A visit checked in and not out: who is on site, with names only (a muster list, not a directory). */
export const OnSiteVisit = z.object({
  id: z.number().int(),
  visitorName: z.string(),
  visitorCompany: z.string().nullable(),
  /** A group visitor's companions, on site with them. */
  companions: z.array(z.object({ name: z.string() })),
  isVip: z.boolean(),
  host: PersonRef.nullable(),
  /** Where they are: a building (`buildingName` null) or a floor with its building's name, and the building's zone. */
  location: VisitLocation.nullable(),
  checkedInAt: z.number().int(),
  expectedEndAt: z.number().int(),
});
export type OnSiteVisit = z.infer<typeof OnSiteVisit>;

/** Everyone on site at `generatedAt`, by building, location and visitor name; `totalPeople` counts visitors and companions. */
export const OnSiteList = z.object({
  generatedAt: z.number().int(),
  totalPeople: z.number().int(),
  visits: z.array(OnSiteVisit),
});
export type OnSiteList = z.infer<typeof OnSiteList>;

// ---- Preferences: how long visit records are kept ----

/** Days a visit's personal data is kept after it ended (checked out, cancelled, or past its end unvisited). */
export const VISIT_RETENTION_DAYS = { min: 30, max: 3650, default: 365 } as const;

/** The visitor settings' Preferences tab (`GET`/`POST /visitor/settings`). */
/** Days a visitor's photo is kept after the visit ended (deleted with the visit at the latest). */
export const VISIT_PHOTO_RETENTION_DAYS = { min: 1, max: 3650, default: 30 } as const;
/** Days a signed agreement's copy is kept after the visit ended (deleted with the visit at the latest). */
export const VISIT_NDA_RETENTION_DAYS = { min: 1, max: 3650, default: 365 } as const;

const retentionDays = (limits: { min: number; max: number }) =>
  z.number().int().min(limits.min, `At least ${limits.min} days`).max(limits.max, `At most ${limits.max} days`);

/**
 * The visitor settings' Preferences tab (`GET`/`POST /visitor/settings`): how long each kind of record
 * is kept after the visit ended. A photo or an agreement goes with its visit at the latest.
 */
export const VisitorSettings = z.object({
  retentionDays: retentionDays(VISIT_RETENTION_DAYS),
  photoRetentionDays: retentionDays(VISIT_PHOTO_RETENTION_DAYS),
  ndaRetentionDays: retentionDays(VISIT_NDA_RETENTION_DAYS),
});
export type VisitorSettings = z.infer<typeof VisitorSettings>;

