import {
  CAPACITY_BANDS,
  EQUIPMENT_KEYS,
  NOTICE_TIMES,
  REMINDER_CHOICES,
  REPEAT_FREQUENCIES,
  REPEAT_UNITS,
  fromZoned,
  toZoned,
  type AvailableRoom,
  type CapacityBand,
  type NoticeTime,
  type ReminderChoice,
  type OccurrenceCheck,
  type Reservation,
} from '@atrium/contract';
import { App, Alert, Button, Checkbox, DatePicker, Drawer, Form, Input, List, Modal, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { createSubmissionKey } from '../../../shared/api/submission-key';
import { useBookingPreferences } from '../../../shared/booking-preferences/booking-preferences.api';
import { claimFailure, type FailurePlacement } from '../../../shared/forms/form-failure';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useNow } from '../../../shared/hooks/use-now';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { clockIn, pairText, showsDifferently, zoneName } from '../../../shared/time-zone/zone-text';
import { checkBooking, fetchAvailableRooms, useCalendarShares, useCreateReservation, useMyBookingBar, useSchedule, useUpdateReservation, type BookingBody } from '../api/booking.api';
import {
  change,
  describeRepeat,
  inZone,
  seriesText,
  instants,
  PICKER_TIMES,
  repeatRule,
  toBody,
  validate,
  type BookingFormValues,
  type FieldProblem,
  type FormField,
} from '../model/booking-form';
import { AttendeePicker } from './attendee-picker';
import { RoomAirNotice, RoomAirTag } from './room-air';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { NumberInput } from '../../../shared/ui/number-input';

export interface RoomChoice {
  id: number;
  name: string;
  timeZone: string | null;
  locationPath?: string;
}

export interface BookingFormDrawerProps {
  open: boolean;
  initial: BookingFormValues;
  /** The room picked on the grid, to show its name before the list loads. */
  initialRoom: RoomChoice | null;
  /** The meeting being changed, if any. */
  editing: Reservation | null;
  /** Asks "this / following / all" for an occurrence of a series. */
  askScope: () => Promise<'one' | 'following' | 'all' | null>;
  onClose: () => void;
}

const FREQUENCY_LABEL = { none: 'repeatNone', daily: 'repeatDaily', weekly: 'repeatWeekly', monthly: 'repeatMonthly', yearly: 'repeatYearly', workday: 'repeatWorkday', custom: 'repeatCustom' } as const;
const UNIT_LABEL = { day: 'unitDay', week: 'unitWeek', month: 'unitMonth', year: 'unitYear' } as const;

/** The request fields a 400 names, as the form's fields (one message under each). */
const REQUEST_FIELDS: Partial<Record<string, FormField>> = { roomId: 'roomId', title: 'title', startAt: 'start', endAt: 'end', participants: 'participants', repeat: 'until' };

/**
 * The booking form: room, title, date and times in a zone always shown (the viewer's, or the room's
 * on request), attendees, privacy, notice, reminder, repeat, remarks. It starts from the company's
 * defaults (the page's `initial`), says at once when its user is barred from booking, shows each
 * failure once and asks before unsaved changes are dropped.
 */
export function BookingFormDrawer({ open, initial, initialRoom, editing, askScope, onClose }: BookingFormDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const viewerZone = useViewerZone();
  const [values, setValues] = useState<BookingFormValues>(initial);
  const [room, setRoom] = useState<RoomChoice | null>(initialRoom);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<FailurePlacement<FormField> | null>(null);
  const [roomKeyword, setRoomKeyword] = useState('');
  const [finderOpen, setFinderOpen] = useState(false);
  const [clashes, setClashes] = useState<OccurrenceCheck[] | null>(null);
  const [saving, setSaving] = useState(false);
  // Booking for a colleague whose calendar the user edits or manages (null: the user hosts).
  const [hostUserId, setHostUserId] = useState<number | null>(null);
  const shares = useCalendarShares();
  const delegations = (shares.data?.sharedWithMe ?? []).filter((person) => person.level === 'editor' || person.level === 'manager');
  const preferences = useBookingPreferences().data;
  const bar = useMyBookingBar(open).data;
  // A barred colleague cannot book (changing a meeting's time or room is booking too); cancelling stays possible.
  const isBarred = bar?.barred === true && editing === null;
  const create = useCreateReservation();
  // One Idempotency-Key per submission attempt, kept while Save is pressed again after no answer.
  const [submission] = useState(() => createSubmissionKey());
  const update = useUpdateReservation();
  const rooms = useSchedule({ date: values.date ?? dayjs().format('YYYY-MM-DD'), keyword: useDebouncedValue(roomKeyword, 300), pageSize: 100 }, open);
  const roomZone = room?.timeZone ?? null;
  const isDirty = JSON.stringify(values) !== JSON.stringify(initial) || room?.id !== initialRoom?.id || hostUserId !== null;
  const { confirmLeave } = useUnsavedChanges(isDirty);
  const close = () => confirmLeave(onClose);
  // The clock the past-time checks follow while the form is open.
  const now = useNow(30_000);
  const problems = tried ? validate(values, true, now) : {};
  const set = (patch: Partial<BookingFormValues>) => {
    setValues((current) => change(current, patch));
    // A field's server message goes once it is changed.
    if (failure) setFailure(null);
  };
  const rule = (field: FormField) => {
    const local = problems[field];
    const text = local ? t(`booking.rules.${local as FieldProblem}`) : failure?.fields[field];
    return text ? { validateStatus: 'error' as const, help: <span data-testid={`reserve-error-${field}`}>{text}</span> } : {};
  };
  // Each failure of a save is said once: under the fields a 400 names, else in the alert at the top.
  const claim = claimFailure<FormField>({ paths: REQUEST_FIELDS, refusedText: () => t('booking.rules.refused'), showsOthers: true }, setFailure);

  const roomOptions = useMemo(() => {
    const list = (rooms.data?.list ?? []).map((r) => ({ value: r.id, label: r.name, title: r.locationPath, zone: r.timeZone }));
    if (room && !list.some((option) => option.value === room.id)) list.unshift({ value: room.id, label: room.name, title: room.locationPath ?? '', zone: room.timeZone });
    return list;
  }, [rooms.data, room]);

  async function save(bookFreeOnly = false) {
    setTried(true);
    setFailure(null);
    if (isBarred || Object.keys(validate(values, true, Date.now())).length > 0) return;
    const body: BookingBody = { ...toBody(values, roomZone ?? values.zone), ...(bookFreeOnly ? { bookFreeOnly: true } : {}), ...(hostUserId !== null && !editing ? { hostUserId } : {}) };
    setSaving(true);
    try {
      if (editing) {
        const scope = editing.seriesId !== null ? await askScope() : null;
        if (editing.seriesId !== null && scope === null) return;
        const { repeat: _repeat, hostUserId: _host, ...fields } = body;
        await update.mutateAsync({ id: editing.id, ...fields, roomId: fields.roomId!, title: fields.title!, startAt: fields.startAt!, endAt: fields.endAt!, ...(scope ? { scope } : {}), claim });
        void message.success(t('booking.form.updated'));
        onClose();
        return;
      }
      if (body.repeat && !bookFreeOnly) {
        const check = await checkBooking(body, claim);
        const taken = check.occurrences.filter((occurrence) => occurrence.conflict || occurrence.refusal);
        if (taken.length > 0) {
          setClashes(taken);
          return;
        }
      }
      // A series' clashes are listed in their own window: that is where the failure is said.
      const seriesClaim = (error: ApiError) => (seriesConflicts(error) ? true : claim(error));
      const answer = await submission.send(body, (idempotencyKey) => create.mutateAsync({ body, idempotencyKey, claim: bookFreeOnly ? claim : seriesClaim }));
      if (answer.seriesId) void message.success(t('booking.form.seriesBooked', { booked: answer.booked, skipped: answer.skipped.length }));
      else void message.success(t(answer.pending ? 'booking.form.savedPending' : 'booking.form.saved'));
      setClashes(null);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const conflicts = seriesConflicts(error);
      if (conflicts && !bookFreeOnly) setClashes(conflicts);
    } finally {
      setSaving(false);
    }
  }

  const weekly = values.repeat === 'weekly' || (values.repeat === 'custom' && values.unit === 'week');
  const span = values.date && values.start && values.end && !problems.end ? instants(values) : null;
  const today = toZoned(now, values.zone).date;
  const dayLimit = preferences ? dayjs(toZoned(now + preferences.bookAheadDays * 86_400_000, values.zone).date) : null;
  const editingRule = editing?.repeat ?? null;

  return (
    <Drawer
      open={open}
      onClose={close}
      destroyOnHidden
      width={phone ? '100%' : 560}
      title={editing ? t('booking.form.editTitle') : t('booking.form.newTitle')}
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={close} data-testid="reserve-cancel">
            {t('booking.form.cancel')}
          </Button>
          <Button type="primary" loading={saving} disabled={isBarred} onClick={() => void save()} data-testid="reserve-save">
            {editing ? t('booking.form.saveChanges') : t('booking.form.save')}
          </Button>
        </Space>
      }
    >
      {isBarred && bar ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="reserve-barred"
          message={t('booking.bar.title')}
          description={
            <>
              {bar.endsAt !== null ? t('booking.bar.until', { until: `${toZoned(bar.endsAt, viewerZone).date} ${clockIn(bar.endsAt, viewerZone)}` }) : t('booking.bar.forever')}
              {bar.reason ? <div>{t('booking.bar.reason', { reason: bar.reason })}</div> : null}
            </>
          }
        />
      ) : null}
      {failure?.form ? <Alert type="error" showIcon message={failure.form} style={{ marginBottom: 16 }} data-testid="reserve-server-error" /> : null}
      {editing && editing.seriesId !== null && editingRule ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="reserve-series-rule" message={seriesText(editing, editingRule, viewerZone, t)} />
      ) : null}
      <Form layout="vertical" requiredMark component="div" disabled={isBarred}>
        {!editing && delegations.length > 0 ? (
          <Form.Item label={t('booking.form.host')} extra={t('booking.form.hostHelp')}>
            <Select
              value={hostUserId ?? 0}
              onChange={(value: number) => setHostUserId(value === 0 ? null : value)}
              options={[{ value: 0, label: t('booking.form.hostMe') }, ...delegations.map((person) => ({ value: person.userId, label: person.name }))]}
              data-testid="reserve-host"
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('booking.form.room')} required {...rule('roomId')}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setRoomKeyword}
              value={values.roomId ?? undefined}
              placeholder={t('booking.form.roomPlaceholder')}
              options={roomOptions}
              onChange={(id: number) => {
                const option = roomOptions.find((candidate) => candidate.value === id);
                // The room changes; the chosen instant does not.
                if (option) setRoom({ id, name: option.label, timeZone: option.zone, locationPath: option.title });
                set({ roomId: id });
              }}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="reserve-room"
            />
            <Button onClick={() => setFinderOpen(true)} data-testid="reserve-find-room">
              {t('booking.form.findRoom')}
            </Button>
          </Space.Compact>
          {room ? (
            <RoomAirNotice
              roomName={room.name}
              params={
                span && span.startAt < span.endAt && values.roomId !== null
                  ? { roomId: values.roomId, startAt: span.startAt, endAt: span.endAt, repeat: repeatRule(values), repeatZone: values.zone, exceptReservationId: editing?.id }
                  : null
              }
              onChoose={chooseRoom}
            />
          ) : null}
        </Form.Item>
        <Form.Item label={t('booking.form.title')} required {...rule('title')}>
          <Input value={values.title} maxLength={100} placeholder={t('booking.form.titlePlaceholder')} onChange={(event) => set({ title: event.target.value })} data-testid="reserve-title" />
        </Form.Item>
        <Space wrap align="start" style={{ width: '100%' }}>
          <Form.Item label={t('booking.form.date')} required {...rule('date')}>
            <DatePicker
              value={values.date ? dayjs(values.date) : null}
              onChange={(value) => set({ date: value ? value.format('YYYY-MM-DD') : null })}
              // Past days, days past the book-ahead limit, and the room's closed weekdays (judged in its zone).
              disabledDate={(day) => day.format('YYYY-MM-DD') < today || (dayLimit !== null && day.isAfter(dayLimit, 'day')) || isClosedDay(day)}
              allowClear={false}
              data-testid="reserve-date"
            />
          </Form.Item>
          <Form.Item label={t('booking.form.start')} required {...rule('start')}>
            <Select
              showSearch
              value={values.start ?? undefined}
              options={PICKER_TIMES.map((time) => ({ value: time, label: time, disabled: values.date === today && isPast(time) }))}
              onChange={(start: string) => set({ start })}
              style={{ width: 100 }}
              data-testid="reserve-start"
            />
          </Form.Item>
          <Form.Item label={t('booking.form.end')} required {...rule('end')}>
            <Select showSearch value={values.end ?? undefined} options={PICKER_TIMES.map((time) => ({ value: time, label: time }))} onChange={(end: string) => set({ end })} style={{ width: 100 }} data-testid="reserve-end" />
          </Form.Item>
        </Space>
        <ZoneLine values={values} span={span} roomZone={roomZone} viewerZone={viewerZone} now={now} onZone={(zone) => setValues((current) => inZone(current, zone))} />
        {preferences?.bookableHours ? (
          <Typography.Paragraph type="secondary" data-testid="reserve-hours-note">
            {roomZone && roomZone !== values.zone
              ? t('booking.zone.hoursIn', { start: preferences.bookableHours.start, end: preferences.bookableHours.end, zone: zoneName(roomZone, t) })
              : t('booking.form.hoursNote', { start: preferences.bookableHours.start, end: preferences.bookableHours.end })}
          </Typography.Paragraph>
        ) : null}
        <Form.Item label={t('booking.form.participants')} required extra={t('booking.form.participantsHelp')} {...rule('participants')}>
          <AttendeePicker value={values.participants} onChange={(participants) => set({ participants })} editing={editing} disabled={isBarred} />
        </Form.Item>
        <Form.Item label={t('booking.form.privacy')}>
          <Radio.Group value={values.privacy} onChange={(event) => set({ privacy: event.target.value })} data-testid="reserve-privacy">
            <Radio value="public">{t('booking.form.privacyPublic')}</Radio>
            <Radio value="busy">{t('booking.form.privacyBusy')}</Radio>
            <Radio value="private">{t('booking.form.privacyPrivate')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Space wrap style={{ width: '100%' }}>
          <Form.Item label={t('booking.form.notice')}>
            <Select
              value={values.noticeMinutes ?? -1}
              style={{ width: 160 }}
              options={[
                { value: -1, label: t('booking.form.noticeNone') },
                ...NOTICE_TIMES.map((m) => ({ value: m, label: m === 0 ? t('booking.form.noticeAtStart') : t('booking.form.minutes', { count: m }) })),
              ]}
              onChange={(value: NoticeTime | -1) => set({ noticeMinutes: value === -1 ? null : value })}
              data-testid="reserve-notice"
            />
          </Form.Item>
          <Form.Item label={t('booking.form.reminder')}>
            <Select
              value={values.reminderMinutes ?? undefined}
              style={{ width: 160 }}
              allowClear
              options={REMINDER_CHOICES.map((m) => ({ value: m, label: t('booking.form.minutes', { count: m }) }))}
              onChange={(value: ReminderChoice | undefined) => set({ reminderMinutes: value ?? null })}
              data-testid="reserve-reminder"
            />
          </Form.Item>
        </Space>
        <Form.Item label={t('booking.form.repeat')}>
          <Select
            value={values.repeat}
            disabled={editing !== null}
            options={REPEAT_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`booking.form.${FREQUENCY_LABEL[frequency]}`) }))}
            onChange={(repeat: BookingFormValues['repeat']) => set({ repeat })}
            data-testid="reserve-repeat"
          />
        </Form.Item>
        {values.repeat === 'custom' ? (
          <Space wrap>
            <Form.Item
              label={t('booking.form.every')}
              validateStatus={Number.isNaN(values.interval) ? 'error' : undefined}
              help={Number.isNaN(values.interval) ? t('common.number.range', { min: 1, max: 99 }) : undefined}
            >
              <NumberInput min={1} max={99} value={values.interval} onChange={(interval) => set({ interval: interval ?? Number.NaN })} style={{ width: 100 }} data-testid="reserve-interval" />
            </Form.Item>
            <Form.Item label=" ">
              <Select value={values.unit} style={{ width: 120 }} options={REPEAT_UNITS.map((unit) => ({ value: unit, label: t(`booking.form.${UNIT_LABEL[unit]}`) }))} onChange={(unit: BookingFormValues['unit']) => set({ unit })} data-testid="reserve-unit" />
            </Form.Item>
          </Space>
        ) : null}
        {weekly ? (
          <Form.Item label={t('booking.form.weekdays')}>
            <Checkbox.Group
              value={values.weekdays}
              options={[1, 2, 3, 4, 5, 6, 0].map((day) => ({ value: day, label: t(`booking.weekday.${day}`) }))}
              onChange={(weekdays) => set({ weekdays: weekdays as number[] })}
              data-testid="reserve-weekdays"
            />
          </Form.Item>
        ) : null}
        {values.repeat !== 'none' ? (
          <Form.Item label={t('booking.form.until')} {...rule('until')} extra={<span data-testid="reserve-repeat-summary">{describeRepeat(repeatRule(values)!, t)}</span>}>
            <Space wrap>
              <Radio.Group value={values.until === null ? 'never' : 'date'} onChange={(event) => set({ until: event.target.value === 'never' ? null : (values.date ?? today) })} data-testid="reserve-ends">
                <Radio value="never">{t('booking.form.neverEnds')}</Radio>
                <Radio value="date">{t('booking.form.untilDate')}</Radio>
              </Radio.Group>
              {values.until !== null ? (
                <DatePicker
                  value={dayjs(values.until)}
                  allowClear={false}
                  disabledDate={(day) => day.format('YYYY-MM-DD') < (values.date ?? today)}
                  onChange={(value) => set({ until: value ? value.format('YYYY-MM-DD') : null })}
                  data-testid="reserve-until"
                />
              ) : null}
            </Space>
          </Form.Item>
        ) : null}
        <Form.Item label={t('booking.form.remarks')}>
          <Input.TextArea value={values.remarks} maxLength={2000} rows={3} onChange={(event) => set({ remarks: event.target.value })} data-testid="reserve-remarks" />
        </Form.Item>
      </Form>
      <RoomFinderModal
        open={finderOpen}
        values={values}
        viewerZone={viewerZone}
        exceptReservationId={editing?.id}
        onClose={() => setFinderOpen(false)}
        onChoose={(chosen) => {
          chooseRoom(chosen);
          setFinderOpen(false);
        }}
      />
      <Modal
        open={clashes !== null}
        title={t('booking.clash.title')}
        onCancel={() => setClashes(null)}
        footer={[
          <Button key="change" onClick={() => setClashes(null)} data-testid="reserve-clash-change">
            {t('booking.clash.changeTime')}
          </Button>,
          <Button key="free" type="primary" onClick={() => void save(true)} data-testid="reserve-clash-book-free">
            {t('booking.clash.bookFree')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('booking.clash.intro')}</Typography.Paragraph>
        <List
          size="small"
          dataSource={clashes ?? []}
          renderItem={(occurrence) => (
            <List.Item>
              <Typography.Text strong>{toZoned(occurrence.startAt, values.zone).date}</Typography.Text>{' '}
              {occurrence.refusal ??
                (occurrence.conflict && occurrence.conflict.startAt !== null && occurrence.conflict.endAt !== null
                  ? occurrence.conflict.title
                    ? t('booking.clash.busyBy', { title: occurrence.conflict.title, start: clockIn(occurrence.conflict.startAt, values.zone), end: clockIn(occurrence.conflict.endAt, values.zone) })
                    : t('booking.clash.busy', { start: clockIn(occurrence.conflict.startAt, values.zone), end: clockIn(occurrence.conflict.endAt, values.zone) })
                  : null)}
            </List.Item>
          )}
        />
      </Modal>
    </Drawer>
  );

  /** A room found for the form's instant (the finder, a better-air suggestion): the form keeps its time and its zone. */
  function chooseRoom(chosen: AvailableRoom) {
    setRoom({ id: chosen.id, name: chosen.name, timeZone: chosen.timeZone, locationPath: chosen.locationPath });
    set({ roomId: chosen.id });
  }

  /** A start time already past today, in the form's zone. */
  function isPast(time: string): boolean {
    return fromZoned(today, time, values.zone) < now - 5 * 60_000;
  }

  /** Whether the room does not open on the day a meeting on `day` at the chosen start falls on in its zone. */
  function isClosedDay(day: Dayjs): boolean {
    if (!preferences) return false;
    const startAt = fromZoned(day.format('YYYY-MM-DD'), values.start ?? '12:00', values.zone);
    return !preferences.bookableWeekdays.includes(toZoned(startAt, roomZone ?? values.zone).weekday);
  }
}

/** A series' occurrences that clash, when a 409 lists them. */
function seriesConflicts(error: ApiError): OccurrenceCheck[] | null {
  const conflicts = (error.result as { conflicts?: OccurrenceCheck[] } | null)?.conflicts;
  return conflicts && conflicts.length > 0 ? conflicts : null;
}

interface ZoneLineProps {
  values: BookingFormValues;
  span: { startAt: number; endAt: number } | null;
  roomZone: string | null;
  viewerZone: string;
  now: number;
  onZone: (zone: string) => void;
}

/**
 * Beside the pickers, always: which zone the times are in; for a room in another zone, the same
 * meeting on both clocks and a switch to enter the times on the other one.
 */
function ZoneLine({ values, span, roomZone, viewerZone, now, onZone }: ZoneLineProps) {
  const { t } = useTranslation();
  const isViewers = values.zone === viewerZone;
  // A zone that reads the meeting as another clock (London and UTC agree in winter: nothing to add).
  const at = span?.startAt ?? now;
  const other = roomZone && showsDifferently(at, roomZone, values.zone) ? roomZone : !isViewers && showsDifferently(at, viewerZone, values.zone) ? viewerZone : null;
  return (
    <div className="reserve-zone-line" data-testid="reserve-zone-note">
      <Typography.Text type="secondary">{isViewers ? t('booking.zone.entryYours', { zone: zoneName(values.zone, t) }) : t('booking.zone.entryRoom', { zone: zoneName(values.zone, t) })}</Typography.Text>
      {span && roomZone && showsDifferently(span.startAt, roomZone, viewerZone) ? (
        <Typography.Text strong data-testid="reserve-zone-pair">
          {pairText(span, roomZone, viewerZone, t)}
        </Typography.Text>
      ) : null}
      {other ? (
        <Button type="link" size="small" onClick={() => onZone(other)} data-testid="reserve-zone-switch">
          {other === viewerZone ? t('booking.zone.useYours', { zone: zoneName(other, t) }) : t('booking.zone.useRoom', { zone: zoneName(other, t) })}
        </Button>
      ) : null}
    </div>
  );
}

interface RoomFinderProps {
  open: boolean;
  values: BookingFormValues;
  viewerZone: string;
  exceptReservationId: number | undefined;
  onClose: () => void;
  onChoose: (room: AvailableRoom) => void;
}

/** Rooms free at exactly the form's instants (every date of its repeat), by capacity band, equipment and place. */
function RoomFinderModal({ open, values, viewerZone, exceptReservationId, onClose, onChoose }: RoomFinderProps) {
  const { t } = useTranslation();
  const [band, setBand] = useState<CapacityBand | undefined>();
  const [equipment, setEquipment] = useState<string[]>([]);
  const [locationId, setLocationId] = useState<number | undefined>();
  const [result, setResult] = useState<AvailableRoom[] | null>(null);
  const [loading, setLoading] = useState(false);
  const places = useSchedule({ date: values.date ?? dayjs().format('YYYY-MM-DD'), pageSize: 1 }, open);
  const ready = values.date && values.start && values.end;
  const span = ready ? instants(values) : null;

  async function search() {
    if (!span) return;
    setLoading(true);
    try {
      // The very instants the form books; a repeat rule in the form's days, moved by the server to each room's.
      const answer = await fetchAvailableRooms({ startAt: span.startAt, endAt: span.endAt, capacityBand: band, equipment, locationId, repeat: repeatRule(values), repeatZone: values.zone, exceptReservationId });
      setResult(answer.list);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Modal open={open} title={t('booking.finder.title')} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {span ? (
        <Typography.Paragraph type="secondary" data-testid="reserve-finder-when">
          {t('booking.zone.finderWhen', { date: values.date, time: `${values.start}–${values.end}`, zone: zoneName(values.zone, t) })}
        </Typography.Paragraph>
      ) : null}
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('booking.location')}
          style={{ width: 200 }}
          value={locationId}
          onChange={setLocationId}
          options={(places.data?.places ?? []).map((place) => ({ value: place.id, label: place.name }))}
          data-testid="reserve-finder-location"
        />
        <Select
          allowClear
          placeholder={t('booking.finder.capacity')}
          style={{ width: 150 }}
          value={band}
          onChange={setBand}
          options={CAPACITY_BANDS.map((value) => ({ value, label: t(`location.rooms.bands.${value}`) }))}
          data-testid="reserve-finder-capacity"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder={t('booking.finder.equipment')}
          style={{ minWidth: 200 }}
          value={equipment}
          onChange={setEquipment}
          options={EQUIPMENT_KEYS.map((value) => ({ value, label: t(`location.equipment.${value}`) }))}
          data-testid="reserve-finder-equipment"
        />
        <Button type="primary" loading={loading} disabled={!ready} onClick={() => void search()} data-testid="reserve-finder-search">
          {t('booking.finder.search')}
        </Button>
      </Space>
      {result !== null ? (
        <List
          dataSource={result}
          locale={tableEmpty(t('booking.finder.none'))}
          renderItem={(room) => (
            <List.Item
              actions={[
                <Button key="choose" size="small" onClick={() => onChoose(room)} data-testid={`reserve-finder-choose-${room.id}`}>
                  {t('booking.finder.choose')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={room.name}
                description={
                  <>
                    {room.locationPath} · {room.capacity}
                    {span && room.timeZone ? <span data-testid={`reserve-finder-time-${room.id}`}> · {pairText(span, room.timeZone, viewerZone, t)}</span> : null}
                    {room.occurrences > 1 ? ` · ${t('booking.finder.seriesNote', { count: room.occurrences })}` : ''}
                    {room.air ? (
                      <>
                        {' '}
                        <RoomAirTag roomId={room.id} air={room.air} />
                      </>
                    ) : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : null}
    </Modal>
  );
}
