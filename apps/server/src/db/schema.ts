import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Row types of the database, as Kysely sees them. Times are UTC epoch milliseconds; flags are
 * integers 0/1 on both engines (SQLite has no boolean type); repositories turn them into booleans.
 */
export type Flag = 0 | 1;
export type Gender = 'male' | 'female' | 'secret';

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  /** Short company code used at sign-in pages and in mail (spec 000 section 5: 2 to 14 characters). */
  domain: string | null;
  logo: string | null;
  created_at: number;
  updated_at: number;
  address: string | null;
  postal_code: string | null;
  country: string | null;
  industry: string | null;
  /** One of the contract's COMPANY_SIZE_BANDS. */
  size_band: string | null;
  /** Contact e-mails (spec 000 section 5: at least one). */
  billing_email: string | null;
  support_email: string | null;
  emergency_email: string | null;
  /** The company owner: the account's primary administrator (null only before one is set). */
  owner_user_id: number | null;
}

export interface RoleTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string | null;
  parent_id: number | null;
  sort_order: Generated<number>;
  is_default: Generated<Flag>;
  /** JSON array of permission names, kept normalised. */
  permissions: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface DepartmentTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  group_code: string | null;
  sort_order: Generated<number>;
  /** Copy of the palette colour `style_id` points at, kept in step by the group repository. */
  style_color: string | null;
  created_at: number;
  description: string | null;
  location_id: number | null;
  /** The department's colour in the company's palette (`department_styles`). */
  style_id: number | null;
  /** Whether its members may book desks (1, the default) or not (0): migration 0063. */
  desk_booking_enabled: Generated<number>;
}

/** Holiday and closure days of desk booking: the whole company (`building_id` null) or one building (migration 0063). */
export interface DeskClosureTable {
  id: Generated<number>;
  company_id: number;
  building_id: number | null;
  /** YYYY-MM-DD on the building's clock, both included. */
  first_date: string;
  last_date: string;
  name: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A colour of a company's department palette. */
export interface DepartmentStyleTable {
  id: Generated<number>;
  company_id: number;
  /** Upper-case #RRGGBB, or #RRGGBBAA below full opacity. */
  color: string;
  created_at: number;
}

export interface LocationTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  /** Tree level (spec 000 section 2): 1 country, 2 city, 3 park, 5 building, 6 floor, 7 room. */
  level: number;
  name: string;
  sort_order: Generated<number>;
  /** IANA zone; set on buildings, inherited by floors and rooms. */
  time_zone: string | null;
  address: string | null;
  description: string | null;
  /** Upload URL of the node's region icon. */
  region_icon: string | null;
  /** Soft deletion: a deleted node (and its subtree) is hidden but keeps its history. */
  deleted_at: number | null;
  created_at: number;
}

export interface RoomTypeTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  type_code: string;
  /** A Zoom room's type cannot change to one of the other kind (spec 001 section 5). */
  kind: Generated<'standard' | 'zoom'>;
  is_enabled: Generated<Flag>;
  description: string | null;
  created_at: number;
  updated_at: number;
}

/** Every bookable thing's identity (decision 0019): a room's id is its location node's; a desk's is drawn from the same sequence. */
export interface ResourceTable {
  id: number;
  company_id: number;
  kind: 'room' | 'desk';
  created_at: number;
}

/** A named part of a floor, free for all or kept for a department (decision 0019). */
export interface DeskNeighbourhoodTable {
  id: Generated<number>;
  company_id: number;
  floor_id: number;
  name: string;
  /** The name folded for uniqueness per floor. */
  name_key: string;
  color: string;
  department_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A desk: a resource on a floor (decision 0019). */
export interface DeskTable {
  id: number;
  company_id: number;
  floor_id: number;
  neighbourhood_id: number | null;
  number: string;
  /** The number folded for uniqueness per floor among desks not deleted. */
  number_key: string;
  /** JSON array of equipment keys. */
  equipment: Generated<string>;
  mode: Generated<'bookable' | 'drop_in' | 'assigned' | 'unavailable'>;
  assigned_user_id: number | null;
  assigned_department_id: number | null;
  /** The open repair report that keeps it out of use (migration 0060); null: none. */
  out_of_use_report_id: Generated<number | null>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A problem with a desk or room (migration 0060, decision 0019 "The repair centre"). */
export interface RepairReportTable {
  id: Generated<number>;
  company_id: number;
  /** The desk or room it is about; null for an asset's. */
  resource_id: number | null;
  /** The asset it is about; null for a desk's or room's. */
  asset_id: number | null;
  title: string;
  description: string | null;
  blocks_use: Generated<Flag>;
  status: Generated<'open' | 'in_progress' | 'resolved' | 'closed'>;
  reported_by: number | null;
  assignee_id: number | null;
  /** The room's disable period while the report keeps the room out of use. */
  room_disable_period_id: number | null;
  created_at: number;
  updated_at: number;
  resolved_at: number | null;
}

export interface RepairPhotoTable {
  id: Generated<number>;
  company_id: number;
  report_id: number;
  content_type: string;
  content: Buffer;
  created_by: number | null;
  created_at: number;
}

export interface RepairEventTable {
  id: Generated<number>;
  company_id: number;
  report_id: number;
  status: 'open' | 'in_progress' | 'resolved' | 'closed' | null;
  note: string | null;
  by_user_id: number | null;
  at: number;
}

/** A booking a report moved (`to_resource_id`) or cancelled (null). */
export interface RepairMoveTable {
  id: Generated<number>;
  company_id: number;
  report_id: number;
  reservation_id: number;
  from_resource_id: number;
  to_resource_id: number | null;
  at: number;
}

/** An inspection checklist (migration 0062, decision 0019 "Inspections"). */
export interface InspectionChecklistTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  name_key: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  location_id: number | null;
  /** JSON `[{ key, text }]`. */
  items: string;
  is_active: Generated<Flag>;
  created_at: number;
  updated_at: number;
}

export interface InspectionAssigneeTable {
  checklist_id: number;
  user_id: number;
  company_id: number;
}

/** A completed round of a checklist, one per period. */
export interface InspectionRunTable {
  id: Generated<number>;
  company_id: number;
  checklist_id: number;
  /** The period's first day (YYYY-MM-DD) on the area's clock. */
  period: string;
  completed_by: number | null;
  completed_at: number;
  /** JSON `[{ key, text, ok, note, repairReportId }]`. */
  results: string;
}

/** A company's desk booking rules (migration 0057; no row: the defaults of contract desk-booking.ts). */
export interface DeskRulesTable {
  company_id: number;
  max_days_ahead: number;
  /** Days a week one person may book a desk; null: any. */
  max_days_per_week: number | null;
  /** The longest booking by hours. */
  longest_booking_minutes: number;
  /** The working day and its midday in the floor's zone, minutes after midnight (the half days). */
  day_start_minutes: number;
  midday_minutes: number;
  day_end_minutes: number;
  /** Minutes after the start a booking waits for its check-in before it is released; null: no check-in asked. */
  check_in_grace_minutes: number | null;
  one_desk_per_person: Flag;
  updated_at: number;
}

/** A floor's plan image (migration 0058): its units are the coordinate space of the floor's resource_positions. */
export interface FloorMapTable {
  floor_id: number;
  company_id: number;
  content_type: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  bytes: Buffer;
  width: number;
  height: number;
  updated_at: number;
}

/** A floor's secret lobby-screen link (migration 0058): only the secret's SHA-256. */
export interface DeskLiveLinkTable {
  id: Generated<number>;
  company_id: number;
  floor_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: number;
  revoked_at: number | null;
}

/** An assigned desk released for its owner's away days, first to last day on the floor's clock (migration 0064). */
export interface DeskReleaseTable {
  id: Generated<number>;
  company_id: number;
  desk_id: number;
  user_id: number | null;
  first_day: string;
  last_day: string;
  created_at: number;
}

/** A smart-room device, with what the gateway last heard from it (migration 0065). */
export interface SmartDeviceTable {
  id: Generated<number>;
  company_id: number;
  location_id: number | null;
  room_id: number | null;
  name: string;
  brand: string | null;
  model: string | null;
  kind: string;
  serial_number: string | null;
  ip_address: string | null;
  mac_address: string | null;
  homie_id: string;
  state: string | null;
  description: string | null;
  properties: Generated<string>;
  activation_code_hash: string | null;
  activation_expires_at: number | null;
  activated_at: number | null;
  secret_hash: string | null;
  last_seen_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A room's smart settings, only where changed (migration 0069). */
export interface SmartRoomSettingTable {
  room_id: number;
  company_id: number;
  is_enabled: number;
  response_delay_seconds: number;
  presence_check_in: number;
  ghost_release: number;
  ghost_grace_minutes: number;
  updated_at: number;
  updated_by: number | null;
}

/** A room's smart plan, saved whole (migration 0069). */
export interface SmartPlanTable {
  room_id: number;
  company_id: number;
  /** JSON of the contract's SmartPlanEntry[]. */
  entries: string;
  updated_at: number;
  updated_by: number | null;
}

/** A room's two scenes, saved whole (migration 0069). */
export interface SmartSceneTable {
  room_id: number;
  company_id: number;
  /** JSON of the contract's SmartSceneAction[]. */
  on_actions: string;
  off_actions: string;
  updated_at: number;
  updated_by: number | null;
}

/** A scene's run, claimed once by its key (migration 0069). */
export interface SmartSceneRunTable {
  room_id: number;
  run_key: string;
  trigger: 'on' | 'off';
  ran_at: number;
  sent: Generated<number>;
}

/** A device alarm from raise to clear (migration 0069). */
export interface SmartAlarmTable {
  id: Generated<number>;
  company_id: number;
  /** The smart device, or null for a door display's alarm (migration 0072: exactly one of the two). */
  device_id: number | null;
  /** The door display (a row of `devices`), or null for a smart device's alarm. */
  display_id: number | null;
  cause: 'disconnected' | 'alert';
  raised_at: number;
  cleared_at: number | null;
  acknowledged_at: number | null;
  acknowledged_by: number | null;
}

/** A host asked about a booked room nobody is in (migration 0069). */
export interface SmartGhostPromptTable {
  reservation_id: number;
  company_id: number;
  room_id: number;
  prompted_at: number;
  answer_by: number;
  resolved_at: number | null;
  outcome: 'checked_in' | 'present' | 'released' | 'gone' | null;
}

/** Who deploys a smart device (migration 0065). */
export interface SmartDeviceDeployerTable {
  device_id: number;
  user_id: number;
}

/** A command sent to a smart device and its answer (migration 0065). */
export interface SmartDeviceCommandTable {
  id: string;
  company_id: number;
  device_id: number;
  node: string;
  property: string;
  value: string;
  issued_by: number | null;
  issued_at: number;
  answered_at: number | null;
  result: 'pending' | 'acked' | 'failed' | 'timeout';
  error: string | null;
}

/** One numeric reading of a device (migration 0065). */
export interface DeviceReadingTable {
  company_id: number;
  device_id: number;
  metric: string;
  at: number;
  value: number;
}

/** Count, sum, min and max of a device's readings per minute, hour or day (migration 0065). */
export interface DeviceReadingRollupTable {
  device_id: number;
  metric: string;
  grain: 'minute' | 'hour' | 'day';
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** A category of the asset catalogue, in a tree (migration 0059). */
export interface AssetCategoryTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  /** The name folded for uniqueness among its siblings. */
  name_key: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A product in a category that assets are copies of (migration 0059). */
export interface AssetModelTable {
  id: Generated<number>;
  company_id: number;
  category_id: number;
  name: string;
  name_key: string;
  manufacturer: string | null;
  model_number: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One physical asset (migration 0059): at most one holder, `deployed` exactly when it has one. */
export interface AssetTable {
  id: Generated<number>;
  company_id: number;
  tag: string;
  /** The tag folded for uniqueness in the company. */
  tag_key: string;
  serial: string | null;
  /** The serial folded for uniqueness per model; null when none. */
  serial_key: string | null;
  model_id: number;
  status: 'ready' | 'deployed' | 'in_repair' | 'retired';
  location_id: number | null;
  assigned_user_id: number | null;
  assigned_desk_id: number | null;
  assigned_room_id: number | null;
  assigned_at: number | null;
  /** Calendar dates, YYYY-MM-DD. */
  purchase_date: string | null;
  warranty_end: string | null;
  last_audit_at: number | null;
  next_audit_at: number | null;
  notes: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One check-out of an asset and its check-in (null while out): the history of its holders. */
export interface AssetAssignmentTable {
  id: Generated<number>;
  company_id: number;
  asset_id: number;
  target_kind: 'user' | 'desk' | 'room';
  target_id: number;
  assigned_at: number;
  returned_at: number | null;
  assigned_by: number | null;
}

/** Where a resource sits on its floor's map, in the map's units. */
export interface ResourcePositionTable {
  resource_id: number;
  company_id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: Generated<number>;
  updated_at: number;
}

/** One row per room: its id is the id of its level-7 location node, and of its resource. */
export interface RoomTable {
  id: number;
  company_id: number;
  room_type_id: number | null;
  capacity: number;
  background_image: string | null;
  /** JSON array of equipment keys. */
  equipment: Generated<string>;
  is_available: Generated<Flag>;
  needs_approval: Generated<Flag>;
  sign_in_enabled: Generated<Flag>;
  sign_in_way: Generated<'manual' | 'qr'>;
  sign_in_before_minutes: Generated<number>;
  sign_in_after_minutes: Generated<number>;
  one_click_start: Generated<Flag>;
  one_click_end: Generated<Flag>;
  video_link: string | null;
  calendar_resource: string | null;
  bind_external_rooms: Generated<Flag>;
  created_at: number;
  updated_at: number;
}

/** A period a room cannot be booked (maintenance). */
export interface RoomDisablePeriodTable {
  id: Generated<number>;
  company_id: number;
  room_id: number;
  start_at: number;
  end_at: number;
  reason: string | null;
  created_by: number | null;
  created_at: number;
}

/** A device bound to a room; door displays first. */
export interface DeviceTable {
  id: Generated<number>;
  company_id: number;
  room_id: number;
  name: string;
  kind: Generated<string>;
  /** 5 digits while waiting for a display; null once used or cancelled. */
  activation_code: string | null;
  state: Generated<'inactive' | 'activated' | 'cancelled'>;
  /** SHA-256 of the device token, hex. */
  token_hash: string | null;
  platform: string | null;
  app_version: string | null;
  activated_at: number | null;
  last_seen_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The theme catalogue of door displays (product data, not a company's). */
export interface DeviceThemeTable {
  id: number;
  name: string;
  name_zh: string;
  /** '0' landscape, '1' portrait. */
  direction: '0' | '1';
  /** Comma-separated: ios, android. */
  platforms: string;
  is_customisable: Generated<Flag>;
  /** Shown to platform operators only. */
  is_internal: Generated<Flag>;
  preview_path: string;
  default_logo_path: string;
  default_background_path: string;
  sort_order: Generated<number>;
}

/** A gallery image; company_id null for the built-in ones. */
export interface ThemeImageTable {
  id: Generated<number>;
  company_id: number | null;
  /** 0 logo, 1 background. */
  image_type: number;
  image_path: string;
  created_at: number;
}

/** A room's own logo and background for one theme; null means the theme's default. */
export interface RoomThemeTable {
  id: Generated<number>;
  company_id: number;
  room_id: number;
  theme_id: number;
  logo_path: string | null;
  background_path: string | null;
  updated_at: number;
}

/** The theme a device shows. */
export interface DeviceThemeRecordTable {
  id: Generated<number>;
  company_id: number;
  device_id: number;
  device_use_type: Generated<string>;
  theme_id: number;
  updated_at: number;
}

/** Booking-screen settings shared by a group of rooms (door displays). */
export interface ScreenSettingTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  /** JSON of the contract's ScreenSettingFields. */
  settings: string;
  /** argon2id hash of the exit password. */
  exit_password_hash: string | null;
  created_at: number;
  updated_at: number;
}

/** Which screen group a room belongs to (at most one). */
export interface ScreenSettingRoomTable {
  setting_id: number;
  room_id: number;
  company_id: number;
}

/** When a door display's screen is lit. */
export interface DeviceLightCycleTable {
  id: Generated<number>;
  company_id: number;
  device_id: number;
  weekday: string;
  start_time: string;
  end_time: string;
  created_at: number;
  updated_at: number;
}

/** The core of a reservation; the booking module extends it. */
export interface ReservationTable {
  id: Generated<number>;
  company_id: number;
  /** The room or desk booked (resources.id). */
  resource_id: number;
  host_user_id: number | null;
  title: string;
  start_at: number;
  end_at: number;
  /** Only pending and confirmed hold time. */
  status: Generated<'pending' | 'confirmed' | 'cancelled' | 'rejected' | 'expired' | 'released'>;
  created_at: number;
  updated_at: number;
  privacy: Generated<'public' | 'busy' | 'private'>;
  remarks: string | null;
  channel: Generated<'console' | 'display' | 'api'>;
  cancelled_at: number | null;
  series_id: number | null;
  /** The occurrence's date in the room's zone (its key in the series). */
  occurrence_date: string | null;
  /** Moved or edited on its own: a change to the whole series leaves it as it is. */
  is_exception: Generated<Flag>;
  notice_minutes: number | null;
  reminder_minutes: number | null;
  checked_in_at: number | null;
  check_in_channel: 'console' | 'display' | 'qr' | 'sensor' | null;
  checked_in_by: number | null;
  ended_early_at: number | null;
  booked_end_at: number | null;
  no_show_at: number | null;
  approval_deadline_at: number | null;
  decided_by: number | null;
  decided_at: number | null;
  decision_reason: string | null;
  /** iCalendar SEQUENCE of the invitations sent for it; raised with each round. */
  ical_sequence: Generated<number>;
  /** When the meeting's reminder went out; null until then, and again after a move or a new reminder time. */
  reminded_at: number | null;
  /** When the host was told its check-in is due (the notice switch checkInDue); null until then. */
  check_in_noticed_at: number | null;
  /** Who booked it on the host's behalf (a delegate of the host's calendar); null when the host did. */
  booked_by_user_id: number | null;
  /** Who cancelled it (the host or a delegate); null when the system did or it is not cancelled. */
  cancelled_by: number | null;
  /** The status an undo of its cancellation puts back; null when the cancellation cannot be undone. */
  restorable_status: 'pending' | 'confirmed' | null;
}

/** Someone sent a calendar invitation for a meeting (lower-cased address). */
export interface ReservationInviteeTable {
  company_id: number;
  reservation_id: number;
  email: string;
  invited_at: number;
}

/** A repeating meeting: the rule and wall-clock pattern its reservations were made from. */
export interface ReservationSeriesTable {
  id: Generated<number>;
  company_id: number;
  resource_id: number;
  host_user_id: number | null;
  /** The contract's RepeatRule as JSON. */
  rule: string;
  first_date: string;
  start_time: string;
  end_time: string;
  time_zone: string;
  missed_check_ins: Generated<number>;
  released_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Staff barred from booking (the rule; its page is issue 6's). */
export interface BookingBlacklistTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  reason: string | null;
  starts_at: number;
  ends_at: number | null;
  lifted_at: number | null;
  lifted_by: number | null;
  created_by: number | null;
  created_at: number;
}

/** A visit reason of the visitor settings page (decision 0018). */
export interface VisitReasonsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** The name lower-cased with its spaces collapsed: unique per company. */
  name_key: string;
  created_at: number;
}

/** A visit a host invited a visitor to (decision 0018); its status follows from the moments. */
export interface VisitsTable {
  id: Generated<number>;
  company_id: number;
  location_id: number | null;
  host_id: number | null;
  inviter_id: number | null;
  reason_id: number | null;
  /** The reason's name when the visit was made. */
  reason: string;
  visitor_type: string;
  method: string;
  is_vip: Generated<number>;
  visitor_name: string;
  email: string | null;
  phone: string | null;
  visitor_company: string | null;
  note: string | null;
  visit_at: number;
  expected_end_at: number;
  responded_at: number | null;
  checked_in_at: number | null;
  checked_out_at: number | null;
  cancelled_at: number | null;
  cancelled_by: number | null;
  created_at: number;
  updated_at: number;
  /** The watchlist's strongest match when the visit was made or confirmed, and that entry's name. */
  watch_action: string | null;
  watch_name: string | null;
  /** A walk-in's application (decision 0018): pending, approved or rejected; null for an invitation. */
  approval: string | null;
  /** A rejection's reason, for the visitor. */
  approval_reason: string | null;
  approved_by: number | null;
  approved_at: number | null;
  /** Before check-in (decision 0018): the name the visitor signed the agreement with, and when. */
  nda_signed_name: string | null;
  nda_signed_at: number | null;
  /** When the visitor's photo came (null: none kept). */
  photo_at: number | null;
  /** JSON `[{ question, answer }]`, and whether the answers admit the visitor (0/1). */
  answers: string | null;
  answered_at: number | null;
  answers_admit: number | null;
}

/** What a place asks of walk-ins, for one reason (or all: reason_id null, reason_key 0) (decision 0018). */
export interface VisitRulesTable {
  id: Generated<number>;
  company_id: number;
  location_id: number;
  reason_id: number | null;
  reason_key: number;
  walk_ins: Generated<number>;
  approval: Generated<number>;
  /** What every visitor does before check-in: the agreement to sign (null: none), a photo, JSON `[{ text, admitWhen }]` (null: none). */
  nda_text: string | null;
  photo: Generated<number>;
  questions: string | null;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A visit's signed agreement (PDF) or photo (JPEG), one of each (decision 0018). */
export interface VisitDocumentsTable {
  id: Generated<number>;
  company_id: number;
  visit_id: number;
  kind: 'nda' | 'photo';
  content_type: string;
  content: Buffer;
  created_at: number;
}

/** A colleague who receives visitors at a place (decision 0018). */
export interface VisitorReceptionistsTable {
  company_id: number;
  location_id: number;
  user_id: number;
  created_at: number;
}

/** Someone reception watches for (decision 0018). */
export interface VisitorWatchlistTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** JSON array of aliases. */
  aliases: Generated<string>;
  email: string | null;
  phone: string | null;
  action: string;
  note: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A visit's door access grant (decision 0018, "Door access"). */
export interface VisitAccessGrantsTable {
  id: Generated<number>;
  company_id: number;
  visit_id: number;
  location_id: number | null;
  /** What door controllers drop duplicates by. */
  grant_id: string;
  valid_from: number;
  valid_until: number;
  granted_at: number;
  revoked_at: number | null;
}

/** A company's visitor preferences; no row means the defaults (decision 0018). */
export interface VisitorSettingsTable {
  company_id: number;
  retention_days: number;
  /** Days a photo and a signed agreement are kept after the visit ended (null: the default). */
  photo_retention_days: number | null;
  nda_retention_days: number | null;
  /** The kiosk's theme: its welcome line in each language and its accent colour (#rrggbb). */
  kiosk_welcome_en: string | null;
  kiosk_welcome_zh: string | null;
  kiosk_color: string | null;
  updated_by: number | null;
  updated_at: number;
}

/** A reception device of a place (decision 0018): a visitor pad, a badge printer or a door controller. */
export interface VisitorDeviceTable {
  id: Generated<number>;
  company_id: number;
  location_id: number;
  kind: 'pad' | 'printer' | 'door';
  name: string;
  serial: string | null;
  activation_code: string | null;
  /** SHA-256 of a pad's device token, hex. */
  token_hash: string | null;
  activated_at: number | null;
  last_seen_at: number | null;
  platform: string | null;
  app_version: string | null;
  battery: number | null;
  network: string | null;
  ip: string | null;
  mac: string | null;
  printer_id: number | null;
  stock: string | null;
  /** Tenths of a millimetre. */
  offset_x: Generated<number>;
  offset_y: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A place's reception rules: how many hours before their visit time a visitor may check in. */
export interface VisitorPlaceTable {
  company_id: number;
  location_id: number;
  sign_in_hours: number;
  updated_by: number | null;
  updated_at: number;
}

/** Counts of visits retention deleted, per day on the place's clock, place and reason. */
export interface VisitStatsTable {
  company_id: number;
  day: string;
  location_id: number;
  reason: string;
  visits: number;
  checked_in: number;
  no_shows: number;
  cancelled: number;
  stay_minutes: number;
}

/** A group visitor's companion, in the order given. */
export interface VisitCompanionsTable {
  id: Generated<number>;
  visit_id: number;
  position: number;
  name: string;
  email: string | null;
  phone: string | null;
}

/** A company's key for one purpose of signed links (decision 0018); the secret never leaves the server. */
export interface SigningKeysTable {
  company_id: number;
  purpose: string;
  secret: string;
  created_at: number;
}

/** The company's booking rules; no row means the defaults. */
export interface BookingRulesTable {
  company_id: number;
  approval_deadline_hours: Generated<number>;
  release_no_shows: Generated<Flag>;
  series_no_show_limit: Generated<number>;
  book_ahead_days: Generated<number>;
  max_meeting_minutes: Generated<number>;
  /** Comma-separated weekdays, 0 = Sunday. */
  bookable_weekdays: Generated<string>;
  /** HH:mm bounds of a bookable day; null: any time. */
  day_start: string | null;
  day_end: string | null;
  default_privacy: Generated<string>;
  updated_by: number | null;
  updated_at: number;
}

/** Someone's calendar shared with a colleague at a level. */
export interface CalendarShareTable {
  id: Generated<number>;
  company_id: number;
  owner_user_id: number;
  grantee_user_id: number;
  level: 'manager' | 'editor' | 'subscriber' | 'visitor';
  created_at: number;
}

/** A secret link to the public live board (/flght-board). */
export interface LiveBoardLinkTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  token_hash: string;
  location_id: number | null;
  created_by: number | null;
  created_at: number;
  revoked_at: number | null;
}

/** The public air board's secret links (migration 0070). */
export interface AirBoardLinkTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  token_hash: string;
  location_id: number | null;
  created_by: number | null;
  created_at: number;
  revoked_at: number | null;
}

export interface ReservationParticipantTable {
  id: Generated<number>;
  company_id: number;
  reservation_id: number;
  user_id: number | null;
  email: string | null;
}

export interface UserTable {
  id: Generated<number>;
  company_id: number;
  user_name: string;
  /** Lower-cased user name; unique across the installation because sign-in names no company. */
  user_name_lower: string;
  email: string | null;
  /** Lower-cased e-mail; unique across the installation when present. */
  email_lower: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  usercode: string | null;
  phone: string | null;
  gender: Generated<Gender>;
  avatar: string | null;
  role_id: number;
  department_id: number | null;
  location_id: number | null;
  /** argon2id PHC string. */
  password_hash: string;
  must_change_password: Generated<Flag>;
  password_changed_at: number | null;
  is_active: Generated<Flag>;
  is_sso: Generated<Flag>;
  /** The user's own IANA time zone for the console; null follows the browser's (issue 17). */
  time_zone: string | null;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  company_id: number;
  created_at: number;
  last_seen_at: number;
  /** Absolute end of the session. */
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
  /** Copied from the user at sign-in: the session may only change the password. */
  must_change_password: Generated<Flag>;
  /** Why the password must change: 'initial' (first sign-in) or 'expired'; null otherwise. */
  password_change_reason: 'initial' | 'expired' | null;
}

export interface SettingTable {
  company_id: number;
  key: string;
  /** JSON text. */
  value: string;
  updated_at: number;
}

/** A sign-in attempt let through and not (yet) successful (migration 0037). */
/** The request rate limiter's shared counts on PostgreSQL (platform/rate-limit-store.ts, migration 0078). */
export interface RateLimitCountTable {
  /** The limiter's key: the caller's address. */
  key: string;
  window_start: number;
  hits: number;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the account name as typed, lower-cased, or of the matched user's name. */
  account_key: string;
  /** The caller's address; an IPv6 caller's /64 network. */
  address: string;
  at: number;
}

/** An address an account signed in from successfully (migration 0037). */
export interface LoginKnownAddressTable {
  account_key: string;
  address: string;
  signed_in_at: number;
}

export interface OperationLogTable {
  id: Generated<number>;
  company_id: number;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: number | null;
  target_name: string | null;
  result: 'success' | 'failure';
  /** JSON object with what changed, or null. */
  detail: string | null;
  ip: string | null;
  at: number;
}

/** An error the console reported (migration 0075, decision 0021 "Front-end log"). */
export interface FrontendLogTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  /** The user's name when reported, so the entry outlives the user. */
  user_name: string | null;
  /** The reporting session's id (never its token), for the per-session rate limit. */
  session_id: number | null;
  ip: string | null;
  kind: 'error' | 'rejection' | 'render' | 'request';
  /** The console path, query string dropped and secret segments redacted. */
  page: string;
  message: string;
  stack: string | null;
  count: Generated<number>;
  user_agent: string | null;
  at: number;
  received_at: number;
}

/** A named claim on work that must not run twice at once; free once expired. */
export interface LeaseTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  company_id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: 'queued' | 'sent' | 'failed' | 'kept';
  /** Why sending failed. */
  error: string | null;
  /** The SMTP reply code (550) or connection error (ECONNECTION) of a failure. */
  error_code: string | null;
  /** What the mail was about (MESSAGE_EVENTS); `other` for mails kept before the message log. */
  event: Generated<string>;
  /** Who caused it; null: the system. */
  actor_user_id: number | null;
  created_at: number;
  sent_at: number | null;
  /** Attempts made to hand the mail to the SMTP server. */
  attempts: Generated<number>;
  /** When the next retry of a failed mail is due; null: none (sent, kept, or given up). */
  next_attempt_at: number | null;
  /** An invitation's iCalendar part (method REQUEST or CANCEL), kept so a retry still carries it. */
  calendar_method: 'REQUEST' | 'CANCEL' | null;
  calendar_content: string | null;
  /** 1: the mail carried a secret only its recipient received; the kept copy has a marker in its place and is never retried. */
  is_redacted: Generated<number>;
}

/** One in-console notification for one colleague (the header's bell). */
export interface NotificationTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** MESSAGE_EVENTS, as in the message log. */
  event: string;
  actor_user_id: number | null;
  /** JSON of NotificationParams: the facts the console words in the reader's language. */
  params: string;
  /** The console path it opens. */
  link: string | null;
  created_at: number;
  read_at: number | null;
  /** The meeting it is about (whose facts say when its action is over); null for rows written before migration 0040. */
  reservation_id: number | null;
}

export interface IdempotencyKeyTable {
  id: Generated<number>;
  company_id: number;
  /** Who sent the key: `user:<id>` or `device:<id>`. */
  caller: string;
  idempotency_key: string;
  /** SHA-256 (hex) of the method, the route and the canonical JSON body. */
  fingerprint: string;
  /** The request holding the claim (random); only it may store the answer. */
  claim_token: string;
  claimed_at: number;
  /** Null while the first request runs (or was abandoned). */
  completed_at: number | null;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: number;
  expires_at: number;
}

export interface UserActivationTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** SHA-256 of the activation token, hex. */
  token_hash: string;
  expires_at: number;
  created_at: number;
}

/** A wrong safety password typed by a user; counted for throttling. */
export interface SafetyPasswordFailureTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  at: number;
}

/** A company's OpenID Connect setting (one row per company, made at the first save). */
export interface SsoSettingTable {
  company_id: number;
  is_enabled: Generated<Flag>;
  /** Empty until set. */
  issuer: Generated<string>;
  client_id: Generated<string>;
  /** Used for the token request only; never returned by any API. */
  client_secret: Generated<string>;
  user_name_claim: Generated<string>;
  scope: Generated<'all' | 'part'>;
  updated_at: number;
}

/** A user on one of the company's SSO lists. */
export interface SsoMemberTable {
  company_id: number;
  user_id: number;
  kind: 'member' | 'exception';
  created_at: number;
}

/** A sign-in sent to the provider and not yet back; single use, valid 10 minutes. */
export interface SsoLoginStateTable {
  id: Generated<number>;
  state_hash: string;
  browser_hash: string;
  company_id: number;
  nonce: string;
  code_verifier: string;
  /** Console path to open after sign-in. */
  redirect_to: string;
  created_at: number;
  expires_at: number;
  /** Set when the flow links this user's account (/auth-add) instead of signing in. */
  link_user_id: number | null;
  /** The work-chat provider this sign-in went to (decision 0024); null for OpenID Connect. */
  provider: string | null;
}

/** A user's identity at the company's OpenID provider, linked on /auth-add: signs them in whatever the claim says. */
export interface ExternalIdentityTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  issuer: string;
  subject: string;
  email: string | null;
  linked_at: number;
}

/** A one-time sign-in link of the QR drawer (`/single/{token}`): only the secret's hash, deleted when used. */
/** A company's connection to an outside calendar service (migration 0077, decision 0023). */
export interface CalendarConnectionTable {
  id: Generated<number>;
  company_id: number;
  kind: 'caldav' | 'graph' | 'google';
  name: string;
  server_url: string;
  account: string;
  /** Write-only (decision 0007). */
  credential: string;
  /** OAuth kinds: the refresh token of the consent (migration 0080); write-only, null until consent. */
  refresh_token: string | null;
  owner_user_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A room linked to one outside calendar collection. */
export interface CalendarLinkTable {
  id: Generated<number>;
  company_id: number;
  connection_id: number;
  room_id: number;
  collection_url: string;
  collection_name: string | null;
  sync_token: string | null;
  health: Generated<'pending' | 'ok' | 'failing'>;
  last_attempt_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  created_at: number;
  /** The last failure was the credential refused (migration 0080). */
  is_auth_failure: Generated<number>;
  /** Google: the push channel watching the calendar (migration 0080). */
  channel_id: string | null;
  channel_resource_id: string | null;
  channel_token: string | null;
  channel_expires_at: number | null;
  /** The service's change-notification subscription (migration 0081); the secret is write-only. */
  subscription_id: string | null;
  subscription_expires_at: number | null;
  subscription_secret: string | null;
}

/** An outside item known on a link: the booking it is, as last written on either side. */
export interface CalendarSyncItemTable {
  id: Generated<number>;
  company_id: number;
  link_id: number;
  href: string;
  uid: string;
  etag: string | null;
  reservation_id: number | null;
  origin: 'inbound' | 'outbound';
  fingerprint: string | null;
  /** A repeating object's iCalendar text as last read or written (migration 0083); null for others. */
  data: string | null;
  updated_at: number;
}

/** The outbound queue: a booking to write out to a link's collection. */
export interface CalendarSyncPushTable {
  id: Generated<number>;
  company_id: number;
  link_id: number;
  reservation_id: number;
  state: Generated<'pending' | 'failed'>;
  attempts: Generated<number>;
  available_at: number;
  lease_token: string | null;
  leased_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** An outside event declined because the engine refused it (an overlap). */
export interface CalendarSyncDeclineTable {
  id: Generated<number>;
  company_id: number;
  link_id: number;
  uid: string;
  title: string | null;
  organiser_email: string | null;
  start_at: number;
  end_at: number;
  reason: string;
  declined_at: number;
}

export interface SignInLinkTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
}

/** The single-use link of the single sign-on notice mail. */
export interface SsoMailLinkTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  token_hash: string;
  expires_at: number;
  created_at: number;
}

/** An e-mailed registration code, one per address; after the right code, the token that may create a company. */
export interface RegistrationCodeTable {
  id: Generated<number>;
  email_lower: string;
  /** "salt:hex" of the salted SHA-256 of the code. */
  code_hash: string;
  code_expires_at: number;
  wrong_tries: Generated<number>;
  sent_at: number;
  /** SHA-256 of the registration token, hex; null until the code was right. */
  token_hash: string | null;
  token_expires_at: number | null;
}

/** A password reset link, one per user. */
export interface PasswordResetTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** SHA-256 of the link's token, hex. */
  token_hash: string;
  expires_at: number;
  created_at: number;
}

/** A mail asked for through a public call, counted for throttling. */
export interface MailRequestTable {
  id: Generated<number>;
  kind: 'recipient' | 'caller';
  key: string;
  at: number;
}

/** A company's LDAP / Active Directory sync setting (one row per company, made at the first save). */
/** A company's setting for one work-chat provider (WeCom, Feishu, DingTalk), decision 0024. */
export interface WorkChatSettingTable {
  company_id: number;
  provider: string;
  is_enabled: Generated<Flag>;
  is_sign_in_enabled: Generated<Flag>;
  /** WeCom corp id, Feishu app id, DingTalk corp id. */
  corp_id: Generated<string>;
  /** WeCom agent id, DingTalk app key (client id); empty for Feishu. */
  app_key: Generated<string>;
  /** Sent to the provider's token call only; never returned by any API, never logged. */
  secret: Generated<string>;
  /** Empty: the provider's real hosts. */
  base_url: Generated<string>;
  /** JSON of the department-to-role rules. */
  role_mapping: Generated<string>;
  updated_by: number | null;
  last_sync_at: number | null;
  /** JSON of the last sync's report. */
  last_report: string | null;
  updated_at: number;
  /** Hours between scheduled syncs; 0: only when asked. */
  schedule_hours: Generated<number>;
  /** When a sync last started (scheduled or asked for): the next scheduled one is the schedule's hours later. */
  last_attempt_at: number | null;
  /** The provider's message when the last sync failed; null after one that succeeded. */
  last_error: string | null;
}

export interface DirectorySyncSettingTable {
  company_id: number;
  is_enabled: Generated<Flag>;
  url: Generated<string>;
  bind_dn: Generated<string>;
  /** Sent to the LDAP server at bind only; never returned by any API. */
  bind_password: Generated<string>;
  base_dn: Generated<string>;
  user_filter: Generated<string>;
  /** JSON of the attribute mapping. */
  mapping: Generated<string>;
  /** PEM of a private certificate authority for ldaps://; empty for the system's. */
  ca_certificate: Generated<string>;
  /** Hours between scheduled syncs; 0 syncs on demand only. */
  schedule_hours: Generated<number>;
  /** The administrator who last saved the setting: scheduled syncs run in their name. */
  updated_by: number | null;
  /** Start of the last sync, successful or not (spaces out retries). */
  last_attempt_at: number | null;
  last_sync_at: number | null;
  /** JSON of the last sync's report. */
  last_report: string | null;
  updated_at: number;
  /** JSON of the group-to-role rules (decision 0024). */
  role_mapping: Generated<string>;
}

/** What door displays and room boards show, per scope (the company default or one room). */
export interface InfoShowSettingTable {
  id: Generated<number>;
  company_id: number;
  /** The room (level-7 location); null for the company default. */
  room_id: number | null;
  /** 0 for the company default, else the room id: one entry per scope. */
  scope_key: number;
  /** JSON switches of the contract's InfoFields. */
  fields: string;
  /** JSON array of { label, value }. */
  items: string;
  created_at: number;
  updated_at: number;
}

/** An application a company switched off (or on again); absent rows are on. */
export interface CompanyApplicationTable {
  company_id: number;
  app_key: string;
  is_enabled: Flag;
  updated_at: number;
}

/** A licence a company installed (migration 0073); a trial row has no token (the demo seed writes it). */
export interface CompanyLicenceTable {
  id: Generated<number>;
  company_id: number;
  serial: string;
  number: string;
  licensee: string;
  is_trial: Flag;
  /** The signed token as installed (not a secret: it grants nothing off this company). */
  token: string | null;
  key_id: string | null;
  /** JSON array of licensed module keys. */
  modules: string;
  seats: number | null;
  valid_until: number;
  installed_at: number;
  installed_by: number | null;
}

/** Raised by triggers on every write to `locations`, `rooms` and `room_types` (migration 0027). */
export interface LayoutVersionTable {
  company_id: number;
  version: number;
}

/** Raised by triggers on every write to `roles` and to the password policy setting (migration 0042). */
export interface AccessVersionTable {
  company_id: number;
  version: number;
}

/** Work that follows a committed change, done by the outbox worker (migration 0043, platform/outbox.ts). */
export interface OutboxEventTable {
  id: Generated<number>;
  company_id: number;
  kind: string;
  /** JSON. */
  payload: string;
  created_at: number;
  /** When it is due; null once given up. */
  available_at: number | null;
  claimed_until: number | null;
  claim_token: string | null;
  /** The handlers already done, comma-separated. */
  handled: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
}

/** A secret iCalendar feed of a person or a room (migration 0029). */
export interface CalendarFeedTable {
  id: Generated<number>;
  company_id: number;
  kind: 'user' | 'room';
  target_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: number;
  revoked_at: number | null;
}

/** A broadcast notice shown on door displays (issue 6). */
export interface BroadcastTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  /** A built-in image's name; null when the notice shows a custom image. */
  default_image: string | null;
  /** A custom image; null for a built-in one, or once deleted after the notice ended. */
  image_id: number | null;
  starts_at: number;
  ends_at: number;
  repeat: Generated<'none' | 'daily' | 'weekly' | 'workdays'>;
  /** A repeating notice's last moment (exclusive); null when it does not repeat. */
  repeat_until: number | null;
  /** When it is over for good: broadcastFinalEnd of the contract, kept for status filters. */
  final_ends_at: number;
  time_zone: string;
  ended_at: number | null;
  ended_by: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** Where a notice goes: a door display or a location (exactly one of the two). */
export interface BroadcastTargetTable {
  broadcast_id: number;
  company_id: number;
  device_id: number | null;
  location_id: number | null;
}

/** A company's own broadcast image (at most 10). */
export interface BroadcastImageTable {
  id: Generated<number>;
  company_id: number;
  file_url: string;
  file_name: string;
  size: number;
  created_by: number | null;
  created_at: number;
}

/** The air-quality limits of a company (`location_id` null: its default) or of one location (migration 0066). */
export interface AirThresholdTable {
  id: Generated<number>;
  company_id: number;
  location_id: number | null;
  preset: 'well_v2' | 'gb_t_18883' | 'custom';
  /** JSON of the contract's AirThresholdSet, with the custom preset only. */
  custom: string | null;
  updated_at: number;
  updated_by: number | null;
}

/** An air-quality alert of a device's metric, from raise to clear (migration 0066; `device_id` without a foreign key until the devices table lands). */
export interface AirAlertTable {
  id: Generated<number>;
  company_id: number;
  device_id: number;
  location_id: number | null;
  metric: string;
  state: 'raised' | 'cleared';
  side: 'above' | 'below';
  limit_value: number;
  peak: number;
  raised_at: number;
  cleared_at: number | null;
  acknowledged_at: number | null;
  acknowledged_by: number | null;
}

/** The alert evaluator's memory per device and metric (migration 0066). */
export interface AirAlertStateTable {
  device_id: number;
  metric: string;
  company_id: number;
  state: 'ok' | 'alert';
  since: number;
  beyond_since: number | null;
  side: 'above' | 'below' | null;
  limit_value: number | null;
  peak: number | null;
  last_at: number;
  alert_id: number | null;
}

/** A person who runs the installation (migration 0074): in no company, signs in at /boss/login. */
export interface OperatorTable {
  id: Generated<number>;
  user_name: string;
  user_name_lower: string;
  full_name: string;
  /** argon2id (platform/password.ts). */
  password_hash: string;
  created_at: number;
  updated_at: number;
}

/** An operator's session; only `access: 'operator'` routes accept it. */
export interface OperatorSessionTable {
  id: Generated<number>;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  operator_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
}

/** A product line companies are assigned to (migration 0074). */
export interface BranchTable {
  id: Generated<number>;
  name: string;
  name_lower: string;
  description: string | null;
  /** Companies without a `company_branches` row are on the default branch. */
  is_default: Generated<Flag>;
  /** The version released last on the branch. */
  version: string;
  /** JSON array of the menu keys the branch offers; null offers every entry. */
  menu_keys: string | null;
  /** The next version's notes as the operator prepares them (updatedInstructions). */
  draft_version: string | null;
  draft_notes_en: string | null;
  draft_notes_zh: string | null;
  created_at: number;
  updated_at: number;
}

export interface CompanyBranchTable {
  company_id: number;
  branch_id: number;
  assigned_at: number;
}

/** A version released on a branch, with its notes in both languages. */
export interface ReleaseTable {
  id: Generated<number>;
  branch_id: number;
  version: string;
  notes_en: string;
  notes_zh: string;
  released_at: number;
  released_by: number | null;
}

/** A company user who has seen (dismissed) a release's notes. */
export interface ReleaseReadTable {
  release_id: number;
  company_id: number;
  user_id: number;
  read_at: number;
}

export interface DB {
  companies: CompanyTable;
  roles: RoleTable;
  departments: DepartmentTable;
  locations: LocationTable;
  room_types: RoomTypeTable;
  rooms: RoomTable;
  room_disable_periods: RoomDisablePeriodTable;
  devices: DeviceTable;
  resources: ResourceTable;
  desk_neighbourhoods: DeskNeighbourhoodTable;
  desks: DeskTable;
  desk_rules: DeskRulesTable;
  repair_reports: RepairReportTable;
  repair_photos: RepairPhotoTable;
  repair_events: RepairEventTable;
  repair_moves: RepairMoveTable;
  inspection_checklists: InspectionChecklistTable;
  inspection_assignees: InspectionAssigneeTable;
  inspection_runs: InspectionRunTable;
  asset_categories: AssetCategoryTable;
  asset_models: AssetModelTable;
  assets: AssetTable;
  asset_assignments: AssetAssignmentTable;
  resource_positions: ResourcePositionTable;
  floor_maps: FloorMapTable;
  desk_live_links: DeskLiveLinkTable;
  desk_closures: DeskClosureTable;
  desk_releases: DeskReleaseTable;
  smart_devices: SmartDeviceTable;
  smart_device_deployers: SmartDeviceDeployerTable;
  smart_room_settings: SmartRoomSettingTable;
  smart_ghost_prompts: SmartGhostPromptTable;
  smart_plans: SmartPlanTable;
  smart_scenes: SmartSceneTable;
  smart_scene_runs: SmartSceneRunTable;
  smart_alarms: SmartAlarmTable;
  smart_device_commands: SmartDeviceCommandTable;
  device_readings: DeviceReadingTable;
  device_reading_rollups: DeviceReadingRollupTable;
  air_thresholds: AirThresholdTable;
  air_alerts: AirAlertTable;
  air_alert_states: AirAlertStateTable;
  air_board_links: AirBoardLinkTable;
  reservations: ReservationTable;
  reservation_participants: ReservationParticipantTable;
  reservation_invitees: ReservationInviteeTable;
  reservation_series: ReservationSeriesTable;
  booking_blacklist: BookingBlacklistTable;
  visit_reasons: VisitReasonsTable;
  visits: VisitsTable;
  visitor_receptionists: VisitorReceptionistsTable;
  visit_rules: VisitRulesTable;
  visit_documents: VisitDocumentsTable;
  visit_companions: VisitCompanionsTable;
  signing_keys: SigningKeysTable;
  visitor_watchlist: VisitorWatchlistTable;
  visit_access_grants: VisitAccessGrantsTable;
  visitor_settings: VisitorSettingsTable;
  visit_stats: VisitStatsTable;
  visitor_devices: VisitorDeviceTable;
  visitor_places: VisitorPlaceTable;
  booking_rules: BookingRulesTable;
  calendar_shares: CalendarShareTable;
  live_board_links: LiveBoardLinkTable;
  leases: LeaseTable;
  device_themes: DeviceThemeTable;
  theme_images: ThemeImageTable;
  room_themes: RoomThemeTable;
  device_theme_records: DeviceThemeRecordTable;
  screen_settings: ScreenSettingTable;
  screen_setting_rooms: ScreenSettingRoomTable;
  device_light_cycles: DeviceLightCycleTable;
  users: UserTable;
  sessions: SessionTable;
  settings: SettingTable;
  login_attempts: LoginAttemptTable;
  login_known_addresses: LoginKnownAddressTable;
  operation_logs: OperationLogTable;
  frontend_logs: FrontendLogTable;
  department_styles: DepartmentStyleTable;
  mail_outbox: MailOutboxTable;
  notifications: NotificationTable;
  idempotency_keys: IdempotencyKeyTable;
  user_activations: UserActivationTable;
  safety_password_failures: SafetyPasswordFailureTable;
  sso_settings: SsoSettingTable;
  sso_members: SsoMemberTable;
  sso_login_states: SsoLoginStateTable;
  sso_mail_links: SsoMailLinkTable;
  sign_in_links: SignInLinkTable;
  rate_limit_counts: RateLimitCountTable;
  external_identities: ExternalIdentityTable;
  registration_codes: RegistrationCodeTable;
  password_resets: PasswordResetTable;
  mail_requests: MailRequestTable;
  directory_sync_settings: DirectorySyncSettingTable;
  work_chat_settings: WorkChatSettingTable;
  info_show_settings: InfoShowSettingTable;
  company_applications: CompanyApplicationTable;
  company_licences: CompanyLicenceTable;
  layout_versions: LayoutVersionTable;
  access_versions: AccessVersionTable;
  outbox_events: OutboxEventTable;
  calendar_feeds: CalendarFeedTable;
  calendar_connections: CalendarConnectionTable;
  calendar_links: CalendarLinkTable;
  calendar_sync_items: CalendarSyncItemTable;
  calendar_sync_pushes: CalendarSyncPushTable;
  calendar_sync_declines: CalendarSyncDeclineTable;
  broadcasts: BroadcastTable;
  broadcast_targets: BroadcastTargetTable;
  broadcast_images: BroadcastImageTable;
  operators: OperatorTable;
  operator_sessions: OperatorSessionTable;
  branches: BranchTable;
  company_branches: CompanyBranchTable;
  releases: ReleaseTable;
  release_reads: ReleaseReadTable;
}

export type CompanyRow = Selectable<CompanyTable>;
export type RoleRow = Selectable<RoleTable>;
export type DepartmentRow = Selectable<DepartmentTable>;
export type LocationRow = Selectable<LocationTable>;
export type UserRow = Selectable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type NewUser = Insertable<UserTable>;
