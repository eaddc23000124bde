import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from '../database.js';
import type { DB } from '../schema.js';
import { foundation } from './2026_11_21_0001_foundation.js';
import { operationLog } from './2026_11_21_0002_operation_log.js';
import { groups } from './2026_11_21_0004_groups.js';
import { companySettings } from './2026_11_21_0005_company_settings.js';
import { mailDirectory } from './2026_11_21_0006_mail_directory.js';
import { registration } from './2026_11_21_0007_registration.js';
import { sso } from './2026_11_21_0008_sso.js';
import { companyOwner } from './2026_11_21_0009_company_owner.js';
import { directorySync } from './2026_11_21_0010_directory_sync.js';
import { rooms } from './2026_11_22_0011_rooms.js';
import { leases } from './2026_11_22_0016_leases.js';
import { ldapCaCertificate } from './2026_11_22_0017_ldap_ca_certificate.js';
import { directorySyncSchedule } from './2026_11_22_0018_directory_sync_schedule.js';
import { deviceThemes } from './2026_11_22_0014_device_themes.js';
import { displayInfo } from './2026_11_22_0015_display_info.js';
import { doorDisplays } from './2026_11_22_0013_door_displays.js';
import { roomDetails } from './2026_11_22_0012_room_details.js';
import { reservationsCore } from './2026_11_22_0019_reservations.js';
import { bookingLife } from './2026_11_22_0020_booking_life.js';
import { invitations } from './2026_11_24_0026_invitations.js';
import { layoutVersions } from './2026_11_24_0027_layout_versions.js';
import { bookedBy } from './2026_11_24_0028_booked_by.js';
import { calendarFeeds } from './2026_11_24_0029_calendar_feeds.js';
import { bookingPreferences } from './2026_11_24_0030_booking_preferences.js';
import { reminders } from './2026_11_24_0031_reminders.js';
import { messageLog } from './2026_11_24_0032_message_log.js';
import { reportIndexes } from './2026_11_24_0034_report_indexes.js';
import { broadcasts } from './2026_11_24_0033_broadcasts.js';
import { notifications } from './2026_11_24_0035_notifications.js';
import { mailSecrets } from './2026_11_26_0036_mail_secrets.js';
import { signInThrottle } from './2026_11_26_0037_sign_in_throttle.js';
import { idempotencyKeys } from './2026_11_26_0038_idempotency_keys.js';
import { userTimeZone } from './2026_11_26_0039_user_time_zone.js';
import { derivedStatesAndUndo } from './2026_11_26_0040_derived_states_and_undo.js';
import { personNames } from './2026_11_26_0041_person_names.js';
import { accessVersions } from './2026_11_26_0042_access_versions.js';
import { outboxEvents } from './2026_11_26_0043_outbox_events.js';
import { applicationsAccessVersion } from './2026_11_26_0044_applications_access_version.js';
import { visitors } from './2026_11_28_0045_visitors.js';
import { signingKeys } from './2026_11_29_0046_signing_keys.js';
import { visitorWatchlist } from './2026_11_29_0047_visitor_watchlist.js';
import { visitAccessGrants } from './2026_11_29_0048_visit_access_grants.js';
import { visitRetention } from './2026_11_29_0049_visit_retention.js';
import { visitorDevices } from './2026_11_29_0050_visitor_devices.js';
import { visitApplications } from './2026_11_29_0051_visit_applications.js';
import { visitorReceptionists } from './2026_11_29_0052_visitor_receptionists.js';
import { visitRules } from './2026_11_29_0053_visit_rules.js';
import { visitSteps } from './2026_11_29_0054_visit_steps.js';
import { resources } from './2026_11_29_0055_resources.js';
import { desks } from './2026_11_29_0056_desks.js';
import { deskBooking } from './2026_11_29_0057_desk_booking.js';
import { floorMaps } from './2026_11_29_0058_floor_maps.js';
import { assets } from './2026_11_29_0059_assets.js';
import { repairs } from './2026_11_29_0060_repairs.js';
import { inspections } from './2026_11_29_0062_inspections.js';
import { deskAccess } from './2026_11_30_0063_desk_access.js';
import { deskReleases } from './2026_11_30_0064_desk_releases.js';
import { smartDevices } from './2026_11_30_0065_smart_devices.js';
import { airQuality } from './2026_11_30_0066_air_quality.js';
import { rollupsClustered } from './2026_11_30_0068_rollups_clustered.js';
import { smartRooms } from './2026_11_30_0069_smart_rooms.js';
import { airBoardLinks } from './2026_11_30_0070_air_board_links.js';
import { smartDeviceTroubleIndex } from './2026_11_30_0071_smart_device_trouble_index.js';
import { doorDisplayAlarms } from './2026_11_30_0072_door_display_alarms.js';
import { companyLicences } from './2026_11_30_0073_company_licences.js';
import { operatorArea } from './2026_11_30_0074_operator_area.js';
import { frontendLogs } from './2026_11_30_0075_frontend_logs.js';
import { signInLinks } from './2026_11_30_0076_sign_in_links.js';
import { calendarSync } from './2026_11_30_0077_calendar_sync.js';
import { rateLimitCounts } from './2026_11_30_0078_rate_limit_counts.js';
import { workChat } from './2026_11_30_0079_work_chat.js';
import { calendarOAuth } from './2026_11_30_0080_calendar_oauth.js';
import { calendarSubscriptions } from './2026_11_30_0081_calendar_subscriptions.js';
import { workChatSchedule } from './2026_11_30_0082_work_chat_schedule.js';
import { calendarSyncObjectData } from './2026_11_30_0083_calendar_sync_object_data.js';
import type { DialectMigration } from './helpers.js';

/**
 * Every migration, in order. An imported list rather than a folder scan, so the same code runs from
 * src/ under vitest and from dist/. Forward-only: a landed migration is never edited; add a new file.
 */
export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: DialectMigration]> = [
  ['2026_11_21_0001_foundation', foundation],
  ['2026_11_21_0002_operation_log', operationLog],
  ['2026_11_21_0004_groups', groups],
  ['2026_11_21_0005_company_settings', companySettings],
  ['2026_11_21_0006_mail_directory', mailDirectory],
  ['2026_11_21_0007_registration', registration],
  ['2026_11_21_0008_sso', sso],
  ['2026_11_21_0009_company_owner', companyOwner],
  ['2026_11_21_0010_directory_sync', directorySync],
  ['2026_11_22_0011_rooms', rooms],
  ['2026_11_22_0012_room_details', roomDetails],
  ['2026_11_22_0013_door_displays', doorDisplays],
  ['2026_11_22_0014_device_themes', deviceThemes],
  ['2026_11_22_0015_display_info', displayInfo],
  ['2026_11_22_0016_leases', leases],
  ['2026_11_22_0017_ldap_ca_certificate', ldapCaCertificate],
  ['2026_11_22_0018_directory_sync_schedule', directorySyncSchedule],
  ['2026_11_22_0019_reservations', reservationsCore],
  ['2026_11_22_0020_booking_life', bookingLife],
  ['2026_11_24_0026_invitations', invitations],
  ['2026_11_24_0027_layout_versions', layoutVersions],
  ['2026_11_24_0028_booked_by', bookedBy],
  ['2026_11_24_0029_calendar_feeds', calendarFeeds],
  ['2026_11_24_0030_booking_preferences', bookingPreferences],
  ['2026_11_24_0031_reminders', reminders],
  ['2026_11_24_0032_message_log', messageLog],
  ['2026_11_24_0033_broadcasts', broadcasts],
  ['2026_11_24_0034_report_indexes', reportIndexes],
  ['2026_11_24_0035_notifications', notifications],
  ['2026_11_26_0036_mail_secrets', mailSecrets],
  ['2026_11_26_0037_sign_in_throttle', signInThrottle],
  ['2026_11_26_0038_idempotency_keys', idempotencyKeys],
  ['2026_11_26_0039_user_time_zone', userTimeZone],
  ['2026_11_26_0040_derived_states_and_undo', derivedStatesAndUndo],
  ['2026_11_26_0041_person_names', personNames],
  ['2026_11_26_0042_access_versions', accessVersions],
  ['2026_11_26_0043_outbox_events', outboxEvents],
  ['2026_11_26_0044_applications_access_version', applicationsAccessVersion],
  ['2026_11_28_0045_visitors', visitors],
  ['2026_11_29_0046_signing_keys', signingKeys],
  ['2026_11_29_0047_visitor_watchlist', visitorWatchlist],
  ['2026_11_29_0048_visit_access_grants', visitAccessGrants],
  ['2026_11_29_0049_visit_retention', visitRetention],
  ['2026_11_29_0050_visitor_devices', visitorDevices],
  ['2026_11_29_0051_visit_applications', visitApplications],
  ['2026_11_29_0052_visitor_receptionists', visitorReceptionists],
  ['2026_11_29_0053_visit_rules', visitRules],
  ['2026_11_29_0054_visit_steps', visitSteps],
  ['2026_11_29_0055_resources', resources],
  ['2026_11_29_0056_desks', desks],
  ['2026_11_29_0057_desk_booking', deskBooking],
  ['2026_11_29_0058_floor_maps', floorMaps],
  ['2026_11_29_0059_assets', assets],
  ['2026_11_29_0060_repairs', repairs],
  ['2026_11_29_0062_inspections', inspections],
  ['2026_11_30_0063_desk_access', deskAccess],
  ['2026_11_30_0064_desk_releases', deskReleases],
  ['2026_11_30_0065_smart_devices', smartDevices],
  ['2026_11_30_0066_air_quality', airQuality],
  ['2026_11_30_0068_rollups_clustered', rollupsClustered],
  ['2026_11_30_0069_smart_rooms', smartRooms],
  ['2026_11_30_0070_air_board_links', airBoardLinks],
  ['2026_11_30_0071_smart_device_trouble_index', smartDeviceTroubleIndex],
  ['2026_11_30_0072_door_display_alarms', doorDisplayAlarms],
  ['2026_11_30_0073_company_licences', companyLicences],
  ['2026_11_30_0074_operator_area', operatorArea],
  ['2026_11_30_0075_frontend_logs', frontendLogs],
  ['2026_11_30_0076_sign_in_links', signInLinks],
  ['2026_11_30_0077_calendar_sync', calendarSync],
  ['2026_11_30_0078_rate_limit_counts', rateLimitCounts],
  ['2026_11_30_0079_work_chat', workChat],
  ['2026_11_30_0080_calendar_oauth', calendarOAuth],
  ['2026_11_30_0081_calendar_subscriptions', calendarSubscriptions],
  ['2026_11_30_0082_work_chat_schedule', workChatSchedule],
  ['2026_11_30_0083_calendar_sync_object_data', calendarSyncObjectData],
];

function providerFor(dialect: Database['dialect']): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, migration] of MIGRATIONS) {
        out[name] = { up: (db: Kysely<unknown>) => migration.up(db, dialect) };
      }
      return out;
    },
  };
}

/** Applies the migrations not yet applied; throws with the failing migration's name. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely as Kysely<DB>, provider: providerFor(db.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
