import type { Kysely } from 'kysely';
import { createBookingRepository } from '../modules/booking/engine/booking.repository.js';
import { createCalendarShareRepository } from '../modules/calendar-share/calendar-share.repository.js';
import { createCalendarFeedRepository } from '../modules/calendar-feed/calendar-feed.repository.js';
import { createBookingSeriesRepository } from '../modules/booking/engine/booking-series.repository.js';
import { createApprovalRepository } from '../modules/booking/approval/booking-approval.repository.js';
import { createBookingPreferencesRepository } from '../modules/booking-preferences/booking-preferences.repository.js';
import { createApplicationRepository } from '../modules/application/application.repository.js';
import { createCompanyRepository } from '../modules/company/company.repository.js';
import { createCompanySearchRepository } from '../modules/company/company-search.repository.js';
import { createDepartmentRepository } from '../modules/department/department.repository.js';
import { createDeviceThemeRepository } from '../modules/device-theme/device-theme.repository.js';
import { createDepartmentStyleRepository } from '../modules/department/department-style.repository.js';
import { createDirectoryRepository } from '../modules/directory/directory.repository.js';
import { createDoorDisplayRepository } from '../modules/door-display/door-display.repository.js';
import { createDirectorySyncRepository } from '../modules/directory-sync/directory-sync.repository.js';
import { createDisplayInfoRepository } from '../modules/display-info/display-info.repository.js';
import { createLocationRepository } from '../modules/location/location.repository.js';
import { createManagerRepository } from '../modules/manager/manager.repository.js';
import { createMailOutboxRepository } from '../modules/mail/mail.repository.js';
import { createOperationLogRepository } from '../modules/operation-log/operation-log.repository.js';
import { createPersonalRepository } from '../modules/personal/personal.repository.js';
import { createPasswordResetRepository } from '../modules/recovery/recovery.repository.js';
import { createRegistrationRepository } from '../modules/registration/registration.repository.js';
import { createRoomRepository } from '../modules/room/room.repository.js';
import { createRoomTypeRepository } from '../modules/room/room-type.repository.js';
import { createRoleRepository } from '../modules/role/role.repository.js';
import { createSessionRepository } from '../modules/session/session.repository.js';
import { createSettingsRepository } from '../modules/settings/settings.repository.js';
import { createSsoRepository } from '../modules/sso/sso.repository.js';
import { createUserRepository } from '../modules/user/user.repository.js';
import { createOutboxRepository } from '../platform/outbox.repository.js';
import { withTransaction, withWriteTransaction } from './database.js';
import type { DB } from './schema.js';

/** Every repository over one connection or transaction. */
export function createRepositories(db: Kysely<DB>) {
  return {
    applications: createApplicationRepository(db),
    approvals: createApprovalRepository(db),
    bookings: createBookingRepository(db),
    bookingPreferences: createBookingPreferencesRepository(db),
    calendarShares: createCalendarShareRepository(db),
    calendarFeeds: createCalendarFeedRepository(db),
    bookingSeries: createBookingSeriesRepository(db),
    companies: createCompanyRepository(db),
    companySearch: createCompanySearchRepository(db),
    departments: createDepartmentRepository(db),
    departmentStyles: createDepartmentStyleRepository(db),
    deviceThemes: createDeviceThemeRepository(db),
    locations: createLocationRepository(db),
    directory: createDirectoryRepository(db),
    directorySync: createDirectorySyncRepository(db),
    displayInfo: createDisplayInfoRepository(db),
    doorDisplays: createDoorDisplayRepository(db),
    mailOutbox: createMailOutboxRepository(db),
    managers: createManagerRepository(db),
    operationLogs: createOperationLogRepository(db),
    outbox: createOutboxRepository(db),
    personal: createPersonalRepository(db),
    passwordResets: createPasswordResetRepository(db),
    registrations: createRegistrationRepository(db),
    roles: createRoleRepository(db),
    rooms: createRoomRepository(db),
    roomTypes: createRoomTypeRepository(db),
    sessions: createSessionRepository(db),
    settings: createSettingsRepository(db),
    sso: createSsoRepository(db),
    users: createUserRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** Runs `fn` with repositories bound to one transaction. */
export type Transact = <T>(fn: (repositories: Repositories) => Promise<T>) => Promise<T>;

/**
 * `immediate`: a write transaction that takes SQLite's write lock at BEGIN (BEGIN IMMEDIATE), for
 * check-then-write work such as bookings; the same as a plain transaction on PostgreSQL.
 */
export function createTransact(db: Kysely<DB>, options: { immediate?: boolean } = {}): Transact {
  if (options.immediate) return (fn) => withWriteTransaction(db, (trx) => fn(createRepositories(trx)));
  return (fn) => withTransaction(db, (trx) => fn(createRepositories(trx)));
}
