import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { COOKIE_NAMES, DEVICE_TOKEN_HEADER, JSON_BODY_LIMIT, MENU_CATALOGUE, OPERATOR_COOKIE, PRODUCT_VERSION, type MenuNode } from '@atrium/contract';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createRepositories, createTransact } from './db/repositories.js';
import { refreshStatistics } from './db/statistics.js';
import { applicationRoutes } from './modules/application/application.routes.js';
import { createApplicationService } from './modules/application/application.service.js';
import { SHIPPED_LICENCE_KEYS } from './modules/licence/licence-keys.js';
import { createLicenceRepository } from './modules/licence/licence.repository.js';
import { licenceRoutes } from './modules/licence/licence.routes.js';
import { createLicenceService } from './modules/licence/licence.service.js';
import { companySearchRoutes } from './modules/company/company-search.routes.js';
import { groupRoutes } from './modules/department/department.routes.js';
import { displayInfoRoutes } from './modules/display-info/display-info.routes.js';
import { createDisplayInfoService } from './modules/display-info/display-info.service.js';
import { createGroupService } from './modules/department/department.service.js';
import { deviceThemeRoutes } from './modules/device-theme/device-theme.routes.js';
import { createDeviceThemeService } from './modules/device-theme/device-theme.service.js';
import { directoryRoutes } from './modules/directory/directory.routes.js';
import { createDirectoryService } from './modules/directory/directory.service.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { createCompanyService } from './modules/company/company.service.js';
import { doorDisplayRoutes } from './modules/door-display/door-display.routes.js';
import { createDoorDisplayService } from './modules/door-display/door-display.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { locationRoutes } from './modules/location/location.routes.js';
import { createLocationService } from './modules/location/location.service.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { managerRoutes } from './modules/manager/manager.routes.js';
import { createManagerService } from './modules/manager/manager.service.js';
import { noticeConfigRoutes } from './modules/notice-config/notice-config.routes.js';
import { createNoticeConfigService } from './modules/notice-config/notice-config.service.js';
import { operationLogRoutes } from './modules/operation-log/operation-log.routes.js';
import { createOperationLogExport } from './modules/operation-log/operation-log-export.js';
import { createOrganizationRepository } from './modules/organization/organization.repository.js';
import { organizationRoutes } from './modules/organization/organization.routes.js';
import { createOrganizationService } from './modules/organization/organization.service.js';
import { createFrontendLogRepository } from './modules/frontend-log/frontend-log.repository.js';
import { frontendLogRoutes } from './modules/frontend-log/frontend-log.routes.js';
import { createFrontendLogService } from './modules/frontend-log/frontend-log.service.js';
import { createOperationLog } from './modules/operation-log/operation-log.service.js';
import { personalRoutes } from './modules/personal/personal.routes.js';
import { recoveryRoutes } from './modules/recovery/recovery.routes.js';
import { createRecoveryService } from './modules/recovery/recovery.service.js';
import { createMailThrottle } from './modules/registration/mail-throttle.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { createRegistrationService } from './modules/registration/registration.service.js';
import { createPersonalService } from './modules/personal/personal.service.js';
import { roomRoutes } from './modules/room/room.routes.js';
import { bookingRoutes } from './modules/booking/booking.routes.js';
import { bookingViewsRoutes } from './modules/booking/views/booking-views.routes.js';
import { createBookingViewsService } from './modules/booking/views/booking-views.service.js';
import { createBookingViewsRepository } from './modules/booking/views/booking-views.repository.js';
import { createBookingService } from './modules/booking/engine/booking.service.js';
import { createBookingEvents, type BookingEvents } from './modules/booking/booking.events.js';
import { createBookingInvitations } from './modules/booking/mails/booking-invitations.js';
import { createBookingWriteTransact } from './modules/booking/engine/booking-create.js';
import { createBookingChangeTransact } from './modules/booking/engine/booking-change.js';
import { createBookingRooms } from './modules/booking/engine/booking-rooms.js';
import { createBookingReminders } from './modules/booking/mails/booking-reminders.js';
import { calendarShareRoutes } from './modules/calendar-share/calendar-share.routes.js';
import { createCalendarShareService } from './modules/calendar-share/calendar-share.service.js';
import { createRoomService } from './modules/room/room.service.js';
import { createRoomLayouts } from './modules/room/room-layout.js';
import { createLiveHub, type LiveHub } from './modules/live/live.hub.js';
import { createLiveRepository } from './modules/live/live.repository.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { createLiveService } from './modules/live/live.service.js';
import { bridgeToOtherProcesses } from './platform/events.js';
import { retryAfter } from './platform/attempts.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { createRoleService } from './modules/role/role.service.js';
import { createLoginThrottle } from './modules/session/login-throttle.js';
import { createLoginThrottleRepository } from './modules/session/login-throttle.repository.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { deploymentRoutes } from './modules/deployment/deployment.routes.js';
import { createDeploymentService } from './modules/deployment/deployment.service.js';
import { createCompanyAccessCache } from './modules/session/company-access.js';
import { createSessionService } from './modules/session/session.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createProviderClient, type ProviderClient } from './modules/sso/oidc-client.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { workChatSignInRoutes } from './modules/sso/work-chat-sign-in.routes.js';
import { createWorkChatSignIn } from './modules/sso/work-chat-sign-in.service.js';
import { signInLinkRoutes } from './modules/sign-in-link/sign-in-link.routes.js';
import { createSignInLinkRepository } from './modules/sign-in-link/sign-in-link.repository.js';
import { createSignInLinkService } from './modules/sign-in-link/sign-in-link.service.js';
import { directorySyncRoutes } from './modules/directory-sync/directory-sync.routes.js';
import { createDirectorySyncService } from './modules/directory-sync/directory-sync.service.js';
import { createWorkChatService } from './modules/directory-sync/work-chat.service.js';
import { createSsoCoverage, createSsoService } from './modules/sso/sso.service.js';
import { uploadRoutes } from './modules/upload/upload.routes.js';
import { createUploadService } from './modules/upload/upload.service.js';
import { userRoutes } from './modules/user/user.routes.js';
import { vendorRoutes } from './modules/vendor/vendor.routes.js';
import { createUserService } from './modules/user/user.service.js';
import { installAccessGuard, markScopePublic } from './platform/access.js';
import { keyringOf } from './platform/licence-token.js';
import { createOperatorRepository } from './modules/operator/operator.repository.js';
import { createOperatorService } from './modules/operator/operator.service.js';
import { clearOperatorCookie, operatorRoutes } from './modules/operator/operator.routes.js';
import { createBranchRepository } from './modules/branch/branch.repository.js';
import { createBranchService } from './modules/branch/branch.service.js';
import { branchRoutes } from './modules/branch/branch.routes.js';
import { createIdempotency, installIdempotency } from './platform/idempotency.js';
import { createIdempotencyRepository } from './platform/idempotency.repository.js';
import { HOUR_MS, MINUTE_MS, systemClock, type Clock } from './platform/clock.js';
import { serializerCompiler } from './platform/envelope.js';
import { frameworkErrorHandler, handleError, sendNotFound } from './platform/error-handler.js';
import { tooManyRequests } from './platform/errors.js';
import { resolveLang } from './platform/lang.js';
import { createPasswordHasher, type PasswordHasher } from './platform/password.js';
import { serializeRequest } from './platform/log-redaction.js';
import { lazyChildLoggerFactory } from './platform/request-logger.js';
import { createMailDispatch, createMailer, type Mailer } from './platform/mailer.js';
import { installSecurityHeaders, securityHeaders } from './platform/security.js';
import { installTextGuard } from './platform/text-guard.js';
import { clearSessionCookie } from './platform/session-token.js';
import { installCompression } from './platform/compression.js';
import { createUploadStore } from './platform/uploads.js';
import { ASSETS_PATH, registerWebConsole } from './platform/web-console.js';
import { createLeases } from './platform/leases.js';
import { createScheduler, type Scheduler } from './platform/scheduler.js';
import { createSharedRateLimit } from './platform/rate-limit-store.js';
import { createOutbox, type Outbox } from './platform/outbox.js';
import { createOutboxRepository } from './platform/outbox.repository.js';
import { approvalRoutes } from './modules/booking/approval/booking-approval.routes.js';
import { blacklistRoutes } from './modules/blacklist/blacklist.routes.js';
import { deskRoutes } from './modules/desk/desk.routes.js';
import { createDeskSheet } from './modules/desk/desk-sheet.js';
import { createDeskSheetRepository } from './modules/desk/desk-sheet.repository.js';
import { deskSheetRoutes } from './modules/desk/desk-sheet.routes.js';
import { deskAccessRoutes } from './modules/desk/desk-access.routes.js';
import { createDeskAccessRepository } from './modules/desk/desk-access.repository.js';
import { createDeskAccessService } from './modules/desk/desk-access.service.js';
import { createDeskService } from './modules/desk/desk.service.js';
import { createBookingDesks } from './modules/desk/desk-bookable.js';
import { deskBookingRoutes } from './modules/desk/desk-booking.routes.js';
import { createDeskBookingRepository } from './modules/desk/desk-booking.repository.js';
import { createDeskBookingService } from './modules/desk/desk-booking.service.js';
import { createDeskNearRepository } from './modules/desk/desk-near.repository.js';
import { createDeskNearService } from './modules/desk/desk-near.service.js';
import { createDeskReleaseRepository } from './modules/desk/desk-release.repository.js';
import { deskReleaseRoutes } from './modules/desk/desk-release.routes.js';
import { createDeskReleaseService } from './modules/desk/desk-release.service.js';
import { airRoutes } from './modules/air/air.routes.js';
import { judgeAirReadings } from './modules/air/air-readings.js';
import { createAirService, type AirService } from './modules/air/air.service.js';
import { createAirBoardRepository } from './modules/air/air-board.repository.js';
import { createAirMonitorRepository } from './modules/air/air-monitor.repository.js';
import { createAirPagesService } from './modules/air/air-pages.service.js';
import { createAirRepository } from './modules/air/air.repository.js';
import { deskMonitoringRoutes } from './modules/desk/desk-monitoring.routes.js';
import { createDeskMonitoringRepository } from './modules/desk/desk-monitoring.repository.js';
import { createDeskMonitoringService } from './modules/desk/desk-monitoring.service.js';
import { createCheckInRepository } from './modules/booking/check-in/booking-checkin.repository.js';
import { createDeskRepository } from './modules/desk/desk.repository.js';
import { createInspectionRepository } from './modules/inspection/inspection.repository.js';
import { inspectionRoutes } from './modules/inspection/inspection.routes.js';
import { createInspectionService } from './modules/inspection/inspection.service.js';
import { createRepairBlocking } from './modules/repair/repair-blocking.js';
import { createRepairRepository } from './modules/repair/repair.repository.js';
import { repairRoutes } from './modules/repair/repair.routes.js';
import { createRepairService } from './modules/repair/repair.service.js';
import { floorMapRoutes } from './modules/desk/floor-map.routes.js';
import { deskLiveRoutes } from './modules/desk/desk-live.routes.js';
import { createDeskLiveLinkRepository } from './modules/desk/desk-live.repository.js';
import { createDeskLiveService } from './modules/desk/desk-live.service.js';
import { createFloorMapRepository } from './modules/desk/floor-map.repository.js';
import { createFloorMapService } from './modules/desk/floor-map.service.js';
import { createFloorRoomRepository } from './modules/desk/floor-room.repository.js';
import { assetCatalogueRoutes } from './modules/asset/asset-catalogue.routes.js';
import { createAssetCatalogueRepository } from './modules/asset/asset-catalogue.repository.js';
import { createAssetCatalogueService } from './modules/asset/asset-catalogue.service.js';
import { assetRoutes } from './modules/asset/asset.routes.js';
import { createAssetFiles } from './modules/asset/asset-files.js';
import { assetFilesRoutes } from './modules/asset/asset-files.routes.js';
import { createAssetRepository } from './modules/asset/asset.repository.js';
import { createAssetService } from './modules/asset/asset.service.js';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes.js';
import { calendarSyncRoutes } from './modules/calendar-sync/calendar-sync.routes.js';
import { createCalendarSyncRepository } from './modules/calendar-sync/calendar-sync.repository.js';
import { createCalendarSyncService, type CalendarSyncDeps, type CalendarSyncService } from './modules/calendar-sync/calendar-sync.service.js';
import { createCalendarFeedService } from './modules/calendar-feed/calendar-feed.service.js';
import { createBlacklistService } from './modules/blacklist/blacklist.service.js';
import { createBlacklistRepository } from './modules/blacklist/blacklist.repository.js';
import { visitorRoutes } from './modules/visitor/visitor.routes.js';
import { createVisitorService } from './modules/visitor/visitor.service.js';
import { createVisitorRepository } from './modules/visitor/visitor.repository.js';
import { createVisitorPasses } from './modules/visitor/visitor-pass.service.js';
import { createVisitorArrivals } from './modules/visitor/visitor-arrivals.js';
import { createVisitorWatchlist } from './modules/visitor/visitor-watchlist.js';
import { createVisitorRetention } from './modules/visitor/visitor-retention.js';
import { createVisitorAnalysis } from './modules/visitor/visitor-analysis.js';
import { createVisitorAnalysisRepository } from './modules/visitor/visitor-analysis.repository.js';
import { visitorAnalysisRoutes } from './modules/visitor/visitor-analysis.routes.js';
import { createVisitorExport } from './modules/visitor/visitor-export.js';
import { createVisitorBadges } from './modules/visitor/visitor-badge.service.js';
import { createVisitorDoorAccess, doorGrantTopic, mqttDoorAccess } from './modules/visitor/visitor-door-access.js';
import { createVisitorDevices } from './modules/visitor/visitor-devices.service.js';
import { createVisitorDeviceRepository } from './modules/visitor/visitor-devices.repository.js';
import { visitorDeviceRoutes } from './modules/visitor/visitor-devices.routes.js';
import { createVisitorApplications } from './modules/visitor/visitor-applications.js';
import { createVisitorRules } from './modules/visitor/visitor-rules.js';
import { createVisitRulesRepository } from './modules/visitor/visitor-rules.repository.js';
import { visitorApplicationRoutes } from './modules/visitor/visitor-applications.routes.js';
import { createVisitorSteps } from './modules/visitor/visitor-steps.js';
import { createVisitStepsRepository } from './modules/visitor/visitor-steps.repository.js';
import { visitorStepRoutes } from './modules/visitor/visitor-steps.routes.js';
import { createMqttPublisher } from './platform/mqtt.js';
import { createSmartDeviceRepository } from './modules/smart-device/smart-device.repository.js';
import { createSmartDeviceGateway, type SmartDeviceGateway } from './modules/smart-device/smart-device-gateway.js';
import { createSmartDeviceBroker } from './modules/smart-device/smart-device-broker.js';
import { createDynsecClient } from './platform/mqtt-dynsec.js';
import { createSmartDeviceRecorder } from './modules/smart-device/smart-device-recorder.js';
import type { DeviceReading } from './modules/smart-device/smart-device.repository.js';
import { createSmartDeviceService } from './modules/smart-device/smart-device.service.js';
import { smartDeviceRoutes } from './modules/smart-device/smart-device.routes.js';
import { createSmartRoomRepository } from './modules/smart-room/smart-room.repository.js';
import { smartRoomRoutes } from './modules/smart-room/smart-room.routes.js';
import { createSmartRoomService } from './modules/smart-room/smart-room.service.js';
import { createSmartSceneService } from './modules/smart-room/smart-room-scenes.js';
import { createSmartAlarmService } from './modules/smart-room/smart-room-alarms.js';
import { createSmartAnalysis } from './modules/smart-room/smart-room-analysis.js';
import { createSmartDeviceAdminService } from './modules/smart-device/smart-device-admin.service.js';
import { smartDeviceAdminRoutes } from './modules/smart-device/smart-device-admin.routes.js';
import { createSignedLinks } from './platform/signed-links.js';
import { bookingPreferencesRoutes } from './modules/booking-preferences/booking-preferences.routes.js';
import { createBookingPreferencesService } from './modules/booking-preferences/booking-preferences.service.js';
import { messageLogRoutes } from './modules/message-log/message-log.routes.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { createReportRepository } from './modules/report/report.repository.js';
import { createReportService } from './modules/report/report.service.js';
import { createNotificationRepository } from './modules/notification/notification.repository.js';
import { notificationRoutes } from './modules/notification/notification.routes.js';
import { createNotificationService } from './modules/notification/notification.service.js';
import { createMessageLogRepository } from './modules/message-log/message-log.repository.js';
import { createApprovalService } from './modules/booking/approval/booking-approval.service.js';
import { checkInRoutes } from './modules/booking/check-in/booking-checkin.routes.js';
import { createCheckInService } from './modules/booking/check-in/booking-checkin.service.js';
import { padRoutes } from './modules/pad/pad.routes.js';
import { broadcastRoutes } from './modules/broadcast/broadcast.routes.js';
import { createBroadcastService } from './modules/broadcast/broadcast.service.js';
import { createBroadcastRepository } from './modules/broadcast/broadcast.repository.js';
import { createBroadcastEvents } from './modules/broadcast/broadcast.events.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs of this process (tests offer them with `tick`). */
    scheduler: Scheduler;
    bookingEvents: BookingEvents;
    /**
     * The outbox worker's work of booking changes (invitations, approval mails, console
     * notifications): tests wait for it with `drain`.
     */
    bookingInvitations: Pick<Outbox, 'drain'>;
    /** Calendar sync (decision 0023): tests drain its write queue and run its scheduled pull. */
    calendarSync: CalendarSyncService;
    /** Air-quality thresholds and alerts: the device gateway hands each batch of readings to `air.evaluate`. */
    air: AirService;
    /** The live views' event streams of this process (tests run its tick). */
    liveHub: LiveHub;
    /** The MQTT device gateway when MQTT_URL is set (tests check its leader lease). */
    smartDeviceGateway: SmartDeviceGateway | null;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Fastify logger settings; defaults to pino JSON at the configured level. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Menu catalogue served by getMenuList; tests pass one with every page built. */
  menuCatalogue?: MenuNode[];
  hasher?: PasswordHasher;
  /** Outgoing mail; defaults to SMTP_URL (or the outbox alone) from the config. */
  mailer?: Mailer;
  /**
   * false: the outbox worker does not start after each commit, only when drained or on its
   * schedule (tests that count a request's own statements, or leave work for another process).
   */
  wakeOutbox?: boolean;
  /** The OpenID Connect client of single sign-on; defaults to openid-client. */
  ssoProvider?: ProviderClient;
  /** The calendar adapter of a connection (decision 0023); defaults to CalDAV's for `caldav`, the other kinds refused. */
  calendarAdapterFor?: CalendarSyncDeps['adapterFor'];
}

/** What logs never show: tokens, cookies and passwords (DECISIONS.md, Logs). */
const REDACT_PATHS = [
  'req.headers.token',
  'req.headers["device-token"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.token',
  '*.deviceToken',
  '*.exitPassword',
  // A calendar service's credential (decision 0023).
  '*.credential',
];

function loggerOptions(deps: AppDeps): FastifyServerOptions['logger'] {
  if (deps.logger === false) return false;
  // The request line's URL can carry a secret (an activation link, a feed's secret): serializeRequest redacts it.
  const base = { level: deps.config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: { req: serializeRequest } };
  return typeof deps.logger === 'object' ? { ...base, ...deps.logger } : base;
}

/** Fastify takes a hop count as a function of the hop index. */
function trustProxyOption(value: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * Builds the server: plugins, the access guard, the API modules under /api, the docs and the
 * console. The one place that wires everything; main.ts and the tests both call it.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const hasher = deps.hasher ?? createPasswordHasher();
  const securityOptions = { isHttps: config.publicUrl.startsWith('https:') };

  const app = Fastify({
    logger: loggerOptions(deps),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    // A client-chosen id could be forged to confuse log readers; ours is returned in x-request-id.
    requestIdHeader: false,
    // Each request's logger is made on its first line (platform/request-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
    frameworkErrors: frameworkErrorHandler(securityHeaders(securityOptions)),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('lang', {
    getter() {
      return resolveLang(this.headers, this.cookies);
    },
  });
  // JSON only (multipart comes with uploads); anything else answers 415.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(handleError);
  // The app owns the database from here: closing it releases the connections.
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  // Every answer that reaches the hooks names its request id (the log lines carry it too).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  installSecurityHeaders(app, securityOptions);
  await app.register(fastifyCookie);
  if (config.rateLimitPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      global: false,
      max: config.rateLimitPerMinute,
      timeWindow: MINUTE_MS,
      errorResponseBuilder: (_request, context) => tooManyRequests('tooManyRequests', retryAfter(context.ttl).seconds),
      // The console's hashed files are not counted: a page loads dozens of them once and caches them
      // for good, and an office behind one address would otherwise spend its minute on code, not calls.
      allowList: (request) => request.url.startsWith(ASSETS_PATH),
      // Where the counts live so that every process shares them (decision 0022).
      ...rateLimitStore(app, config, db),
    });
    // A root hook rather than per route, so it runs before the session lookup and on unknown paths.
    app.addHook('onRequest', app.rateLimit());
  }

  const repositories = createRepositories(db.kysely);
  const transact = createTransact(db.kysely);
  const throttle = createLoginThrottle({ attempts: createLoginThrottleRepository(db.kysely), clock });
  const operationLog = createOperationLog({ repository: repositories.operationLogs, clock });
  const licences = createLicenceService({
    licences: createLicenceRepository(db.kysely),
    keyring: keyringOf([...SHIPPED_LICENCE_KEYS, ...config.licencePublicKeys]),
    clock,
    operationLog,
  });
  const branchRepository = createBranchRepository(db.kysely);
  const sessions = createSessionService({
    users: repositories.users,
    sessions: repositories.sessions,
    settings: repositories.settings,
    throttle,
    hasher,
    clock,
    timeouts: { idleMs: config.sessionIdleMinutes * MINUTE_MS, absoluteMs: config.sessionAbsoluteHours * HOUR_MS },
    access: createCompanyAccessCache({ roles: repositories.roles, settings: repositories.settings, applications: repositories.applications, licences, branches: branchRepository }),
    requiresSso: createSsoCoverage(repositories.sso),
    ...(db.changeStampNow ? { changeStampNow: db.changeStampNow } : {}),
  });
  // Issue 23: the installation's operators and the branches companies are on (decision 0021, "Operator area").
  const operators = createOperatorService({
    operators: createOperatorRepository(db.kysely),
    throttle,
    hasher,
    clock,
    timeouts: { idleMs: config.sessionIdleMinutes * MINUTE_MS, absoluteMs: config.sessionAbsoluteHours * HOUR_MS },
  });
  const branches = createBranchService({ branches: branchRepository, clock });
  const menuCatalogue = deps.menuCatalogue ?? MENU_CATALOGUE;
  const applications = createApplicationService({ applications: repositories.applications, menuCatalogue, clock, operationLog });
  const users = createUserService({
    users: repositories.users,
    settings: repositories.settings,
    throttle,
    hasher,
    clock,
    transact,
    menuCatalogue,
  });
  const displayInfo = createDisplayInfoService({ displayInfo: repositories.displayInfo, clock, operationLog });
  const noticeConfig = createNoticeConfigService({ settings: repositories.settings, clock, operationLog });
  // The reminder and notice a booking gets when it names none: the notification settings' defaults (/message-remind).
  const noticeDefaults = async (companyId: number) => {
    const { reminderMinutes, noticeMinutes } = await noticeConfig.get(companyId);
    return { reminderMinutes, noticeMinutes };
  };
  // The header's bell: booking messages written for the console beside the mails (its own switches).
  const notifications = createNotificationService({ repository: createNotificationRepository(db.kysely), clock, noticeConfig: (companyId) => noticeConfig.get(companyId) });
  const roles = createRoleService({ roles: repositories.roles, transact, operationLog, clock });
  const groups = createGroupService({
    departments: repositories.departments,
    styles: repositories.departmentStyles,
    settings: repositories.settings,
    operationLog,
    transact,
    clock,
  });
  const mailer =
    deps.mailer ??
    createMailer({
      outbox: repositories.mailOutbox,
      clock,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      onError: (error, mail) => app.log.warn({ err: error, mailId: mail.id }, 'mail refused'),
      // Without SMTP a reset link cannot reach anyone; the link is a secret, so the log says only that (issue 16).
      onUnsent: () => app.log.warn('mail not sent: no mail server is configured (SMTP_URL); the link or code it carried was neither kept nor logged'),
    });
  const directory = createDirectoryService({
    directory: repositories.directory,
    users: repositories.users,
    roles: repositories.roles,
    settings: repositories.settings,
    hasher,
    clock,
    transact,
    operationLog,
    mailer,
    publicUrl: config.publicUrl,
  });
  const settings = createSettingsService({ settings: repositories.settings, hasher, clock, operationLog });
  const managers = createManagerService({ managers: repositories.managers, settings, transact, operationLog });
  const uploads = createUploadService({ store: createUploadStore({ root: path.join(config.dataDir, 'uploads') }) });
  const deviceThemes = createDeviceThemeService({
    themes: repositories.deviceThemes,
    uploads,
    transact,
    operationLog,
    clock,
    platformOperators: new Set(config.platformOperators),
  });
  const locations = createLocationService({ locations: repositories.locations, uploads, operationLog, transact, clock });
  const rooms = createRoomService({ rooms: repositories.rooms, roomTypes: repositories.roomTypes, locations, uploads, displays: repositories.doorDisplays, operationLog, transact, clock });
  // Work that follows a committed change (booking mails), recorded in the change's transaction (platform/outbox.ts).
  const outbox = createOutbox({ repository: createOutboxRepository(db.kysely), clock, log: app.log });
  app.addHook('onListen', async () => outbox.wake());
  app.addHook('preClose', async () => outbox.close());
  // What writers wake after their commit; with `wakeOutbox: false` only a drain runs the worker.
  const writersOutbox: Pick<Outbox, 'on' | 'onBatch' | 'orderBy' | 'wake'> = deps.wakeOutbox === false ? { on: outbox.on, onBatch: outbox.onBatch, orderBy: outbox.orderBy, wake: () => undefined } : outbox;
  // Booking changes after commit: mails through the outbox, live views hear every process's.
  const bookingEvents = createBookingEvents({
    db: db.kysely,
    outbox: writersOutbox,
    clock,
    log: app.log,
  });
  app.decorate('bookingEvents', bookingEvents);
  // The company's rooms in tree order with zones and places, kept by layout version (booking, the calendar and the board).
  const roomLayouts = createRoomLayouts({ locations, rooms: repositories.rooms });
  const bookings = createBookingService({
    shares: repositories.calendarShares,
    bookings: repositories.bookings,
    bookingSeries: repositories.bookingSeries,
    preferences: repositories.bookingPreferences,
    noticeDefaults,
    rooms: repositories.rooms,
    locations,
    writeTransact: createTransact(db.kysely, { immediate: true }),
    bookingWriteTransact: createBookingWriteTransact(db.kysely),
    changeTransact: createBookingChangeTransact(db.kysely),
    bookingRooms: createBookingRooms({ layouts: roomLayouts }),
    clock,
    events: bookingEvents,
  });
  const bookingViewsRepository = createBookingViewsRepository(db.kysely);
  const calendarShares = createCalendarShareService({ shares: repositories.calendarShares, bookings: repositories.bookings, views: bookingViewsRepository, present: bookings, clock });
  const airPages = createAirPagesService({
    monitors: createAirMonitorRepository(db.kysely),
    boards: createAirBoardRepository(db.kysely),
    air: createAirRepository(db.kysely),
    locations: (companyId) => locations.loadIndex(companyId),
    clock,
  });
  const bookingViews = createBookingViewsService({
    views: bookingViewsRepository,
    bookings: repositories.bookings,
    layouts: roomLayouts,
    booking: bookings,
    roomsAir: (companyId, roomIds) => airPages.roomsAir(companyId, roomIds),
    clock,
  });
  // Live status: states in a few queries, event streams fed by booking changes and a minute tick.
  const live = createLiveService({ live: createLiveRepository(db.kysely, { changeStamp: db.changeStamp }), layouts: roomLayouts, locations, clock });
  const liveHub = createLiveHub({ events: bookingEvents, clock, fingerprints: (companyId) => live.stateFingerprints(companyId), log: app.log });
  app.decorate('liveHub', liveHub);
  // Open streams would keep app.close() waiting: end them before the server closes.
  app.addHook('preClose', async () => liveHub.close());
  // Broadcast notices: a change tells the door displays' streams, in this process and, through NOTIFY, the others.
  const broadcastEvents = createBroadcastEvents(app.log);
  broadcastEvents.onChange((change) => liveHub.tellDisplays(change.companyId));
  if (db.dialect === 'postgres' && db.connectionString) {
    // Other processes on the same database hear this one's changes, and this one theirs (platform/events.ts).
    const bridged = { connectionString: db.connectionString, kysely: db.kysely, log: app.log };
    const closeBookingBridge = await bridgeToOtherProcesses(bookingEvents, { ...bridged, channel: 'atrium_booking_changes', onReconnect: () => liveHub.resyncAll() });
    app.addHook('onClose', closeBookingBridge);
    const closeBroadcastBridge = await bridgeToOtherProcesses(broadcastEvents, { ...bridged, channel: 'atrium_broadcast_changes', onReconnect: () => liveHub.tellDisplays(null) });
    app.addHook('onClose', closeBroadcastBridge);
  }
  const broadcasts = createBroadcastService({ broadcasts: createBroadcastRepository(db.kysely), locations, uploads, operationLog, events: broadcastEvents, clock });
  const company = createCompanyService({ companies: repositories.companies, clock, operationLog, uploads });
  const personal = createPersonalService({
    personal: repositories.personal,
    sessions: repositories.sessions,
    clock,
    operationLog,
    uploads,
    idleMs: config.sessionIdleMinutes * MINUTE_MS,
  });

  const sso = createSsoService({
    sso: repositories.sso,
    provider: deps.ssoProvider ?? createProviderClient(),
    sessions,
    directory,
    operationLog,
    mailer,
    transact,
    clock,
    publicUrl: config.publicUrl,
    googleIssuer: config.googleIssuer,
    logWarning: (error, message) => app.log.warn({ err: error }, message),
  });
  const leases = createLeases(db.kysely, clock);
  const directorySync = createDirectorySyncService({ repository: repositories.directorySync, directory, groups, operationLog, leases, clock });
  const workChat = createWorkChatService({ repository: repositories.directorySync, directory, groups, operationLog, leases, clock });
  const workChatSignIn = createWorkChatSignIn({
    sso: repositories.sso,
    settings: repositories.directorySync,
    sessions,
    operationLog,
    clock,
    publicUrl: config.publicUrl,
    logWarning: (error, message) => app.log.warn({ err: error }, message),
  });
  // Scheduled work: offered to this process every tick once it listens; a lease per job and period.
  const scheduler = createScheduler({ leases, log: app.log, tickMs: config.schedulerTickMs });
  // LDAP's and the work-chat providers' schedules (decision 0024): each sync also holds its company's sync lease.
  scheduler.add({
    name: 'directory-sync',
    everyMs: MINUTE_MS,
    run: async () => {
      await directorySync.runScheduled();
      await workChat.runScheduled();
    },
  });
  // SQLite's planner statistics, refreshed at start-up and hourly by one process (db/statistics.ts).
  if (db.dialect === 'sqlite') scheduler.add({ name: 'database-statistics', everyMs: HOUR_MS, isOfferedAtStart: true, run: () => refreshStatistics(db) });
  const approvals = createApprovalService({
    approvals: repositories.approvals,
    reservations: repositories.bookings,
    rooms: repositories.rooms,
    bookings,
    locations,
    writeTransact: createTransact(db.kysely, { immediate: true }),
    clock,
    events: bookingEvents,
    operationLog,
    mailer,
    notifications,
    noticeConfig: (companyId) => noticeConfig.get(companyId),
    publicUrl: config.publicUrl,
  });
  // Failed mails that may yet go through are tried again with growing delays (platform/mailer.ts).
  scheduler.add({ name: 'mail-retry', everyMs: MINUTE_MS, run: async () => void (await mailer.retryDue?.()) });
  scheduler.add({ name: 'approval-expiry', everyMs: MINUTE_MS, run: async () => void (await approvals.expireDue()) });
  // The outbox's leftovers: rows of a process that stopped, and retries after a failed handler.
  scheduler.add({ name: 'outbox', everyMs: MINUTE_MS / 2, run: () => outbox.drain() });
  const frontendLog = createFrontendLogService({ logs: createFrontendLogRepository(db.kysely), clock });
  scheduler.add({ name: 'frontend-log-retention', everyMs: HOUR_MS, run: async () => void (await frontendLog.purgeExpired()) });
  app.decorate('scheduler', scheduler);
  app.addHook('onListen', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
  const doorDisplays = createDoorDisplayService({
    displays: repositories.doorDisplays,
    publicCalls: repositories.registrations,
    settings,
    hasher,
    clock,
    transact,
    operationLog,
  });
  // Check-in, early end, the door display page and the no-show job (docs/decisions/0005).
  // Smart rooms keep the prompts about empty booked rooms; their host may still check in until the answer is due.
  const smartRoomRepository = createSmartRoomRepository(db.kysely);
  const checkIns = createCheckInService({
    db: db.kysely,
    bookings: repositories.bookings,
    booking: bookings,
    rooms: repositories.rooms,
    locations,
    displays: doorDisplays,
    displayInfo,
    noticeConfig,
    preferences: repositories.bookingPreferences,
    mailer,
    notifications,
    clock,
    events: bookingEvents,
    publicUrl: config.publicUrl,
    lateCheckInUntil: (companyId, reservationId) => smartRoomRepository.answerBy(companyId, reservationId),
  });
  // Check-in due notices, the smart rooms' questions about empty booked rooms (before the no-show release
  // would take them), no-show releases, then the empty rooms whose host did not answer (decision 0020).
  scheduler.add({
    name: 'no-show-release',
    everyMs: MINUTE_MS / 2,
    run: async () => {
      await checkIns.noticeCheckInDue();
      await smartRooms.promptEmptyRooms();
      await checkIns.releaseNoShows();
      await smartRooms.releaseEmptyRooms();
    },
  });
  // Desks are booked through the engine (decision 0019): its insert, its retries, its release of a no-show.
  const checkInRepository = createCheckInRepository(db.kysely);
  const bookingDesks = createBookingDesks(db.kysely);
  const deskBookings = createDeskBookingService({
    db: db.kysely,
    deskBookings: createDeskBookingRepository(db.kysely),
    desks: createDeskRepository(db.kysely),
    bookingDesks,
    floorRooms: createFloorRoomRepository(db.kysely),
    events: bookingEvents,
    operationLog,
    release: (companyId, id, now) => checkInRepository.release(companyId, id, now),
    clock,
  });
  // Who may book desks, closure days and the owner's message (decision 0019, "Desk access and closures").
  const deskAccess = createDeskAccessService({
    db: db.kysely,
    access: createDeskAccessRepository(db.kysely),
    bookingDesks,
    events: bookingEvents,
    notifications,
    mailer,
    operationLog,
    clock,
    publicUrl: config.publicUrl,
  });
  // Fixed assets (decision 0019, "Assets"): the repair centre takes an asset out of use through setRepairState.
  const assetService = createAssetService({ db: db.kysely, assets: createAssetRepository(db.kysely), catalogue: createAssetCatalogueRepository(db.kysely), operationLog, clock });
  // The repair centre (decision 0019): a report that blocks use moves its desk's or room's bookings.
  const repairs = createRepairService({
    repairs: createRepairRepository(db.kysely),
    blocking: createRepairBlocking({ db: db.kysely, events: bookingEvents, layouts: roomLayouts, notifications, assets: assetService, clock }),
    locations: (companyId) => locations.loadIndex(companyId),
    clock,
  });
  const inspections = createInspectionService({ inspections: createInspectionRepository(db.kysely), repairs, locations: (companyId) => locations.loadIndex(companyId), clock });
  scheduler.add({ name: 'desk-no-show-release', everyMs: MINUTE_MS / 2, run: async () => void (await deskBookings.releaseNoShows()) });
  // The asset catalogue (categories and models) beside the assets above.
  const assetCatalogue = createAssetCatalogueService({ db: db.kysely, catalogue: createAssetCatalogueRepository(db.kysely), operationLog, clock });
  // Meeting reminders by mail, reminder-minutes before the start (each meeting claimed once across processes).
  const reminders = createBookingReminders({ db: db.kysely, mailer, notifications, clock, loadLocations: (companyId) => locations.loadIndex(companyId), noticeConfig: (companyId) => noticeConfig.get(companyId) });
  scheduler.add({ name: 'meeting-reminders', everyMs: MINUTE_MS / 2, run: async () => void (await reminders.sendDue()) });
  const mailThrottle = createMailThrottle({ registrations: repositories.registrations, clock });
  // Calendar invitations follow every booking change, sent by the outbox worker.
  createBookingInvitations({
    db: db.kysely,
    events: bookingEvents,
    mailer,
    notifications,
    clock,
    loadLocations: (companyId) => locations.loadIndex(companyId),
    noticeConfig: (companyId) => noticeConfig.get(companyId),
    publicUrl: config.publicUrl,
  });
  // A visitor's invitation mail follows the visit's commit, and a check-in tells the host, through the same outbox.
  const visitorRepository = createVisitorRepository(db.kysely);
  const visitorWatchlist = createVisitorWatchlist({ visitors: visitorRepository, operationLog, clock });
  const visitorRetention = createVisitorRetention({ visitors: visitorRepository, operationLog, clock });
  scheduler.add({ name: 'visit-retention', everyMs: HOUR_MS, run: async () => void (await visitorRetention.purgeExpired()) });
  const signedLinks = createSignedLinks(db.kysely);
  const visitorDeviceRepository = createVisitorDeviceRepository(db.kysely);
  const visitorRules = createVisitorRules({ rules: createVisitRulesRepository(db.kysely), visitors: visitorRepository, places: visitorDeviceRepository, operationLog, clock });
  const visitStepsRepository = createVisitStepsRepository(db.kysely);
  const visitorSteps = createVisitorSteps({ steps: visitStepsRepository, rules: visitorRules, visitors: visitorRepository, clock });
  const visitorPasses = createVisitorPasses({
    visitors: visitorRepository,
    signedLinks,
    mailer,
    outbox: writersOutbox,
    clock,
    publicUrl: config.publicUrl,
    watchlist: visitorWatchlist,
    rules: visitorRules,
  });
  const visitorBadges = createVisitorBadges({ visitors: visitorRepository, passes: visitorPasses, documents: visitStepsRepository, clock, log: app.log });
  const visitorDevices = createVisitorDevices({
    devices: visitorDeviceRepository,
    visitors: visitorRepository,
    walkInsAt: async (companyId, locationId) => (await visitorRules.ruleFor(companyId, locationId, null)).walkIns,
    publicCalls: repositories.registrations,
    operationLog,
    clock,
    doorTopicOf: config.mqttUrl ? (companyId, locationId) => doorGrantTopic(config.mqttTopicPrefix, companyId, locationId, 'grant') : null,
  });
  const visitorArrivals = createVisitorArrivals({
    visitors: visitorRepository,
    notifications,
    mailer,
    outbox: writersOutbox,
    clock,
    publicUrl: config.publicUrl,
  });
  const visitorApplications = createVisitorApplications({
    visitors: visitorRepository,
    watchlist: visitorWatchlist,
    rules: visitorRules,
    passes: visitorPasses,
    signedLinks,
    kioskTheme: (companyId) => visitorDeviceRepository.kioskTheme(companyId),
    notifications,
    mailer,
    outbox: writersOutbox,
    clock,
    publicUrl: config.publicUrl,
  });
  const visitorService = createVisitorService({
    visitors: visitorRepository,
    operationLog,
    clock,
    passes: visitorPasses,
    arrivals: visitorArrivals,
    watchlist: visitorWatchlist,
    places: visitorDevices,
    scans: visitorPasses,
    steps: visitorSteps,
    rules: visitorRules,
  });
  // Door access for visitors: grants and revocations over MQTT when a broker is configured (decision 0018).
  if (config.mqttUrl) {
    const publisher = createMqttPublisher({ url: config.mqttUrl, clientId: `atrium-${randomUUID()}`, log: app.log });
    app.addHook('onClose', () => publisher.close());
    const doorAccess = createVisitorDoorAccess({
      visitors: visitorRepository,
      adapter: mqttDoorAccess(publisher, config.mqttTopicPrefix),
      outbox: writersOutbox,
      clock,
      passCodeOf: (companyId, visit) => visitorPasses.passCodeOf(companyId, visit),
    });
    scheduler.add({ name: 'visit-door-access', everyMs: MINUTE_MS, run: async () => void (await doorAccess.revokeOverdue()) });
  }
  // Smart-room devices (decision 0020, "The device gateway"): over MQTT when a broker is configured, over HTTP always.
  // Each committed batch's air readings are judged against the thresholds of the device's place (decision 0020,
  // "Air quality"); a failure there is logged, the readings stay stored.
  const air = createAirService({ db: db.kysely, clock, locations: (companyId) => locations.loadIndex(companyId) });
  const smartDeviceRepository = createSmartDeviceRepository(db.kysely);
  const judgeAir = async (readings: DeviceReading[]) => {
    try {
      await judgeAirReadings({ air, devices: smartDeviceRepository }, readings);
    } catch (error) {
      app.log.warn({ err: { message: (error as Error).message } }, 'Air readings not judged');
    }
    // Presence checks meetings in (decision 0020, "Presence drives booking"); the readings stay stored either way.
    try {
      await smartRooms.onReadings(readings);
    } catch (error) {
      app.log.warn({ err: { message: (error as Error).message } }, 'Presence not applied to bookings');
    }
  };
  // Stable across restarts of this process, so the broker keeps its session and queued readings.
  const gatewayClientId = `atrium-gateway-${hostname()}-${config.port}-${config.mqttTopicPrefix}`.replace(/[^A-Za-z0-9_-]/g, '-');
  const smartDeviceGateway = config.mqttUrl
    ? createSmartDeviceGateway({
        url: config.mqttUrl,
        clientId: gatewayClientId,
        prefix: config.mqttTopicPrefix,
        devices: smartDeviceRepository,
        clock,
        log: app.log,
        onCommitted: judgeAir,
        // One process records readings (decision 0022, "The device gateway's leader"). The lease is held under the
        // client id, so a process restarted after a crash takes its own lease back at once instead of waiting out its term.
        leadership: { leases: createLeases(db.kysely, clock, gatewayClientId) },
      })
    : null;
  app.decorate('smartDeviceGateway', smartDeviceGateway);
  const smartDeviceRecorder = smartDeviceGateway ? null : createSmartDeviceRecorder({ devices: smartDeviceRepository, clock, onCommitted: judgeAir });
  if (smartDeviceGateway) {
    // Not awaited: a broker that is away does not hold the API up; the client keeps trying.
    app.addHook('onReady', async () => void smartDeviceGateway.start().catch((error: Error) => app.log.warn({ err: { message: error.message } }, 'Device gateway not connected yet')));
    app.addHook('onClose', () => smartDeviceGateway.close());
  } else {
    app.addHook('onClose', () => smartDeviceRecorder!.close());
  }
  // Device accounts on the broker (MQTT_BROKER_AUTH=dynsec; decision 0020, "Broker credentials"): reconciled with
  // the activated devices at start-up and every hour after; made at activation, deleted with the device.
  const smartDeviceBroker =
    config.mqttUrl && config.mqttBrokerAuth === 'dynsec'
      ? createSmartDeviceBroker({
          dynsec: createDynsecClient({ url: config.mqttUrl, timeoutMs: config.mqttBrokerTimeoutMs, log: app.log }),
          prefix: config.mqttTopicPrefix,
          serviceUsername: decodeURIComponent(new URL(config.mqttUrl).username),
          log: app.log,
        })
      : null;
  if (smartDeviceBroker) {
    const reconcileBroker = async () => {
      await smartDeviceBroker.grantService();
      await smartDeviceBroker.reconcile(() => smartDeviceRepository.listActivatedDevices());
    };
    // Not awaited, as the gateway: a broker that is away does not hold the API up.
    app.addHook('onReady', async () => void reconcileBroker().catch((error: Error) => app.log.warn({ err: { message: error.message } }, 'Broker device accounts not reconciled')));
    scheduler.add({ name: 'smart-device-broker', everyMs: HOUR_MS, run: reconcileBroker });
    app.addHook('onClose', () => smartDeviceBroker.close());
  }
  const smartDevices = createSmartDeviceService({
    devices: smartDeviceRepository,
    record: smartDeviceGateway ? smartDeviceGateway.recordFromHttp : (device, events) => smartDeviceRecorder!.record(device, events),
    gateway: smartDeviceGateway,
    publicCalls: repositories.registrations,
    clock,
    topicPrefix: config.mqttTopicPrefix,
    broker: smartDeviceBroker,
    log: app.log,
  });
  // Smart rooms (decision 0020, "Smart rooms: state, presence and control"): read the devices' last state, command them through the gateway.
  const smartRooms = createSmartRoomService({
    rooms: smartRoomRepository,
    locations: (companyId) => locations.loadIndex(companyId),
    gateway: smartDeviceGateway,
    operationLog,
    checkIns,
    clock,
  });
  // Plans and scenes: "on" at check-in and a plan entry's start, "off" at a meeting's end or release and a plan entry's end.
  const smartScenes = createSmartSceneService({ rooms: smartRoomRepository, locations: (companyId) => locations.loadIndex(companyId), gateway: smartDeviceGateway, operationLog, clock });
  bookingEvents.onRecorded('smart-scenes', (change) => smartScenes.onBookingChange(change));
  scheduler.add({ name: 'smart-scenes', everyMs: MINUTE_MS / 2, run: async () => void (await smartScenes.tick()) });
  // Device alarms: raised when a device drops off or reports a fault, its deployers told, cleared when it is back.
  const smartAlarms = createSmartAlarmService({
    rooms: smartRoomRepository,
    locations: (companyId) => locations.loadIndex(companyId),
    notifications,
    noticeConfig: (companyId) => noticeConfig.get(companyId),
    mailer,
    clock,
  });
  scheduler.add({ name: 'smart-alarms', everyMs: MINUTE_MS / 2, run: async () => void (await smartAlarms.scan()) });
  const smartDeviceAdmin = createSmartDeviceAdminService({ devices: smartDeviceRepository, smartDevices, gateway: smartDeviceGateway, settings, broker: smartDeviceBroker, operationLog, clock });
  app.decorate('bookingInvitations', { drain: () => outbox.drain() });
  // Calendar sync (decision 0023): outside calendars pulled into the engine, bookings written out through a queue with back-off.
  const calendarSync = createCalendarSyncService({
    repository: createCalendarSyncRepository(db.kysely),
    bookings,
    preferences: repositories.bookingPreferences,
    leases,
    clock,
    mailer,
    operationLog,
    publicUrl: config.publicUrl,
    // Push channels and change notifications need an address the services can reach: only with PUBLIC_URL set.
    isPublicUrlSet: config.publicOrigin !== null,
    signedLinks,
    log: app.log,
    ...(deps.calendarAdapterFor ? { adapterFor: deps.calendarAdapterFor } : {}),
  });
  // Google's push channels need an address Google can reach: without PUBLIC_URL, Google calendars are polled only.
  if (config.publicOrigin === null) app.log.info('calendar sync: PUBLIC_URL is not set, so Google calendars are polled every 5 minutes (no push channels)');
  bookingEvents.onRecordedTogether('calendar-sync', (changes) => calendarSync.onBookingChanges(changes));
  scheduler.add({ name: 'calendar-sync-pull', everyMs: 5 * MINUTE_MS, run: () => calendarSync.pullAll() });
  scheduler.add({ name: 'calendar-sync-push', everyMs: MINUTE_MS / 2, run: async () => void (await calendarSync.pushDue()) });
  scheduler.add({ name: 'calendar-sync-channels', everyMs: HOUR_MS, run: () => calendarSync.renewChannels() });
  scheduler.add({ name: 'calendar-sync-subscriptions', everyMs: HOUR_MS, run: () => calendarSync.renewSubscriptions() });
  app.addHook('preClose', async () => calendarSync.close());
  app.decorate('calendarSync', calendarSync);
  const mailDispatch = createMailDispatch(mailer);
  app.addHook('onClose', async () => {
    await mailDispatch.drain();
  });
  const registration = createRegistrationService({
    registrations: repositories.registrations,
    accounts: repositories.passwordResets,
    throttle: mailThrottle,
    dispatch: mailDispatch,
    sessions,
    operationLog,
    hasher,
    clock,
    transact,
    isOpen: config.registration === 'open',
    // The code that proves the address can only go by mail: without a mail server, no registration.
    canMail: mailer.canDeliver,
    publicUrl: config.publicUrl,
  });
  const recovery = createRecoveryService({
    resets: repositories.passwordResets,
    users: repositories.users,
    settings: repositories.settings,
    throttle: mailThrottle,
    dispatch: mailDispatch,
    operationLog,
    hasher,
    clock,
    transact,
    publicUrl: config.publicUrl,
  });

  installAccessGuard(app, {
    resolveSession: sessions.resolveSession,
    // Door displays, then visitor kiosks, then smart devices; a new kind adds its lookup here.
    resolveDevice: async (token) => {
      const display = await doorDisplays.authenticateDevice(token);
      if (display) return { kind: 'doorDisplay', device: display };
      const kiosk = await visitorDevices.authenticate(token);
      if (kiosk) return { kind: 'visitorKiosk', device: kiosk };
      const smartDevice = await smartDevices.authenticate(token);
      return smartDevice && { kind: 'smartDevice', device: smartDevice };
    },
    clearSessionCookie,
    publicOrigin: config.publicOrigin,
    clock,
    operators: { resolve: operators.resolve, cookieName: OPERATOR_COOKIE, clearCookie: clearOperatorCookie },
  });
  // Issue 16: every request's text keeps the contract's rule before any handler or query sees it.
  installTextGuard(app);
  // Idempotency-Key on the routes that opt in; keys are kept a day (docs/decisions/0010).
  const idempotency = createIdempotency({ repository: createIdempotencyRepository(db.kysely), clock });
  installIdempotency(app, { idempotency, log: app.log });
  scheduler.add({ name: 'idempotency-expiry', everyMs: HOUR_MS, run: async () => void (await idempotency.removeExpired()) });
  // Issue 19: brotli or gzip above 1 KiB. Before any route (it hooks each as added), after the idempotency hooks (they keep the uncompressed answer).
  await installCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atrium API',
        version: PRODUCT_VERSION,
        description:
          'Every answer is `{ returncode, message, result }`; `message` follows the `lang` header. Authenticate with the `token` header or the session cookie; door displays send their device token in the `device-token` header.',
      },
      components: {
        securitySchemes: {
          tokenHeader: { type: 'apiKey', in: 'header', name: 'token' },
          tokenCookie: { type: 'apiKey', in: 'cookie', name: COOKIE_NAMES.token },
          operatorCookie: { type: 'apiKey', in: 'cookie', name: OPERATOR_COOKIE },
          deviceToken: { type: 'apiKey', in: 'header', name: DEVICE_TOKEN_HEADER },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  let webConsole: Awaited<ReturnType<typeof registerWebConsole>> | undefined;
  await app.register(async (scope) => {
    markScopePublic(scope);
    await scope.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    webConsole = await registerWebConsole(scope, config.webDist);
  });

  app.decorate('air', air);

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ db }));
      await api.register(sessionRoutes({ sessions }));
      await api.register(operatorRoutes({ operators }));
      await api.register(branchRoutes({ branches }));
      const deployment = createDeploymentService({ profiles: config.deploymentProfiles, sessions, findUserByName: repositories.sso.findUserByName, operationLog });
      await api.register(deploymentRoutes({ deployment, sessions, publicOrigin: config.publicOrigin }));
      await api.register(userRoutes({ users }));
      await api.register(roleRoutes({ roles }));
      await api.register(operationLogRoutes({ operationLog, operationLogExport: createOperationLogExport({ repository: repositories.operationLogs }) }));
      await api.register(organizationRoutes({ organization: createOrganizationService({ organization: createOrganizationRepository(db.kysely) }) }));
      await api.register(frontendLogRoutes({ frontendLog }));
      await api.register(groupRoutes({ groups }));
      await api.register(mailRoutes({ outbox: repositories.mailOutbox }));
      await api.register(directoryRoutes({ directory }));
      await api.register(settingsRoutes({ settings }));
      await api.register(companyRoutes({ company }));
      await api.register(uploadRoutes({ uploads }));
      await api.register(personalRoutes({ personal }));
      await api.register(ssoRoutes({ sso, sessions, throttle: mailThrottle }));
      await api.register(workChatSignInRoutes({ workChatSignIn, sessions, throttle: mailThrottle }));
      await api.register(
        signInLinkRoutes({
          links: createSignInLinkService({ links: createSignInLinkRepository(db.kysely), sessions, operationLog, clock, publicUrl: config.publicUrl }),
          sessions,
        }),
      );
      await api.register(managerRoutes({ managers }));
      await api.register(registrationRoutes({ registration, cookieMaxAgeSeconds: sessions.cookieMaxAgeSeconds }));
      await api.register(recoveryRoutes({ recovery }));
      await api.register(directorySyncRoutes({ directorySync, workChat }));
      await api.register(deviceThemeRoutes({ deviceThemes, repository: repositories.deviceThemes, uploads }));
      await api.register(applicationRoutes({ applications }));
      await api.register(licenceRoutes({ licences }));
      await api.register(companySearchRoutes({ search: repositories.companySearch }));
      await api.register(displayInfoRoutes({ displayInfo }));
      await api.register(noticeConfigRoutes({ noticeConfig }));
      await api.register(vendorRoutes());
      await api.register(doorDisplayRoutes({ displays: doorDisplays }));
      await api.register(locationRoutes({ locations }));
      await api.register(roomRoutes({ rooms }));
      await api.register(bookingRoutes({ bookings }));
      await api.register(calendarShareRoutes({ calendarShares }));
      await api.register(calendarSyncRoutes({ sync: calendarSync, throttle: mailThrottle }));
      await api.register(bookingViewsRoutes({ views: bookingViews }));
      await api.register(approvalRoutes({ approvals }));
      await api.register(
        calendarFeedRoutes({
          feeds: createCalendarFeedService({
            feeds: repositories.calendarFeeds,
            bookings: repositories.bookings,
            views: bookingViewsRepository,
            rooms: repositories.rooms,
            locations,
            operationLog,
            transact,
            clock,
            publicUrl: config.publicUrl,
          }),
        }),
      );
      await api.register(blacklistRoutes({ blacklist: createBlacklistService({ blacklist: createBlacklistRepository(db.kysely), operationLog, clock }) }));
      await api.register(
        deskRoutes({
          desks: createDeskService({ db: db.kysely, desks: createDeskRepository(db.kysely), floorRooms: createFloorRoomRepository(db.kysely), operationLog, clock, publicUrl: config.publicUrl, tellOwners: (companyId, actorUserId, deskIds) => deskAccess.tellOwners(companyId, actorUserId, deskIds) }),
        }),
      );
      await api.register(deskAccessRoutes({ access: deskAccess }));
      await api.register(
        deskSheetRoutes({
          deskSheet: createDeskSheet({ db: db.kysely, desks: createDeskRepository(db.kysely), sheets: createDeskSheetRepository(db.kysely), operationLog, clock }),
        }),
      );
      await api.register(deskBookingRoutes({ deskBookings }));
      await api.register(
        deskReleaseRoutes({
          releases: createDeskReleaseService({ db: db.kysely, releases: createDeskReleaseRepository(db.kysely), bookingDesks, clock }),
          near: createDeskNearService({
            nearby: createDeskNearRepository(db.kysely),
            deskBookings: createDeskBookingRepository(db.kysely),
            desks: createDeskRepository(db.kysely),
            releases: createDeskReleaseRepository(db.kysely),
            bookingDesks,
            clock,
          }),
        }),
      );
      await api.register(repairRoutes({ repairs }));
      await api.register(inspectionRoutes({ inspections }));
      await api.register(
        deskMonitoringRoutes({
          monitoring: createDeskMonitoringService({
            monitoring: createDeskMonitoringRepository(db.kysely),
            deskBookings: createDeskBookingRepository(db.kysely),
            desks: createDeskRepository(db.kysely),
            layout: (companyId) => bookingDesks.current(companyId),
            clock,
          }),
        }),
      );
      await api.register(
        deskLiveRoutes({
          live: createDeskLiveService({
            db: db.kysely,
            desks: createDeskRepository(db.kysely),
            deskBookings: createDeskBookingRepository(db.kysely),
            floorMaps: createFloorMapRepository(db.kysely),
            floorRooms: createFloorRoomRepository(db.kysely),
            links: createDeskLiveLinkRepository(db.kysely),
            operationLog,
            clock,
            onLinkRevoked: (linkId) => liveHub.endDeskLiveLink(linkId),
          }),
          hub: liveHub,
        }),
      );
      await api.register(floorMapRoutes({ floorMaps: createFloorMapService({ desks: createDeskRepository(db.kysely), floorMaps: createFloorMapRepository(db.kysely), operationLog, clock }) }));
      await api.register(assetCatalogueRoutes({ catalogue: assetCatalogue }));
      await api.register(assetRoutes({ assets: assetService, catalogue: assetCatalogue }));
      await api.register(
        assetFilesRoutes({
          files: createAssetFiles({ assetService, assets: createAssetRepository(db.kysely), catalogue: createAssetCatalogueRepository(db.kysely), operationLog, publicUrl: config.publicUrl }),
        }),
      );
      await api.register(
        visitorRoutes({
          visitors: visitorService,
          passes: visitorPasses,
          watchlist: visitorWatchlist,
          retention: visitorRetention,
          badges: visitorBadges,
          printers: visitorDevices,
          rules: visitorRules,
        }),
      );
      await api.register(visitorDeviceRoutes({ devices: visitorDevices, visitors: visitorService, badges: visitorBadges }));
      await api.register(visitorApplicationRoutes({ applications: visitorApplications }));
      await api.register(smartDeviceRoutes({ smartDevices }));
      await api.register(smartDeviceAdminRoutes({ admin: smartDeviceAdmin }));
      await api.register(visitorStepRoutes({ steps: visitorSteps, visitors: visitorService, passes: visitorPasses, rules: visitorRules }));
      await api.register(
        visitorAnalysisRoutes({
          analysis: createVisitorAnalysis({ analysis: createVisitorAnalysisRepository(db.kysely), locations: (companyId) => visitorRepository.locations(companyId), clock }),
          exports: createVisitorExport({ visitors: visitorRepository, clock }),
        }),
      );
      await api.register(messageLogRoutes({ log: createMessageLogRepository(db.kysely), clock }));
      await api.register(
        reportRoutes({
          reports: createReportService({ reports: createReportRepository(db.kysely, db.readers), rooms: repositories.rooms, locations, preferences: repositories.bookingPreferences, clock }),
        }),
      );
      await api.register(notificationRoutes({ notifications }));
      await api.register(bookingPreferencesRoutes({ preferences: createBookingPreferencesService({ preferences: repositories.bookingPreferences, noticeDefaults, operationLog, clock }) }));
      await api.register(liveRoutes({ live, hub: liveHub }));
      await api.register(checkInRoutes({ checkIns }));
      await api.register(padRoutes({ checkIns, hub: liveHub }));
      await api.register(broadcastRoutes({ broadcasts, uploads }));
      await api.register(airRoutes({ air, pages: airPages }));
      await api.register(
        smartRoomRoutes({ smartRooms, scenes: smartScenes, alarms: smartAlarms, analysis: createSmartAnalysis({ db: db.kysely, locations: (companyId) => locations.loadIndex(companyId), clock }) }),
      );
    },
    { prefix: '/api' },
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !webConsole) return sendNotFound(request, reply);
    return webConsole.sendIndex(request, reply);
  });

  return app;
}

/**
 * The rate limiter's store (decision 0022): Redis when REDIS_URL is set (the plugin's own store; a Redis
 * outage lets requests through, logged, rather than failing them all); the database on PostgreSQL,
 * shared by every process on it; the plugin's memory on SQLite, served by one process.
 */
function rateLimitStore(app: FastifyInstance, config: Config, db: Database): Partial<RateLimitPluginOptions> {
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectionName: 'atrium-rate-limit', enableAutoPipelining: true });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store (Redis) unreachable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    return { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true };
  }
  if (db.dialect !== 'postgres') return {};
  const shared = createSharedRateLimit(db.kysely, { log: app.log });
  // Before the database closes (onClose), so the last counts are written.
  app.addHook('preClose', async () => shared.close());
  return { store: shared.Store as unknown as RateLimitPluginOptions['store'] };
}
