import {
  CAPACITY_BANDS,
  EQUIPMENT_KEYS,
  NOTICE_TIMES,
  REMINDER_CHOICES,
  REPEAT_FREQUENCIES,
  REPEAT_UNITS,
  type AvailableRoom,
  type CapacityBand,
  type NoticeTime,
  type ReminderChoice,
  type OccurrenceCheck,
  type Reservation,
} from '@atrium/contract';
import { App, Alert, Button, Checkbox, DatePicker, Drawer, Form, Input, List, Modal, Radio, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { createSubmissionKey } from '../../../shared/api/submission-key';
import { useBookingPreferences } from '../../../shared/booking-preferences/booking-preferences.api';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { checkBooking, fetchAvailableRooms, useCalendarShares, useColleagues, useCreateReservation, useSchedule, useUpdateReservation, type BookingBody } from '../api/reserve.api';
import { clock, differsFromBrowser, PICKER_TIMES, repeatRule, toBody, validate, type BookingFormValues, type FieldProblem } from '../model/booking-form';
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

/** The booking form: room, title, date and times in the room's zone, attendees, privacy, notice, reminder, repeat, remarks. */
export function BookingFormDrawer({ open, initial, initialRoom, editing, askScope, onClose }: BookingFormDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const [values, setValues] = useState<BookingFormValues>(initial);
  const [room, setRoom] = useState<RoomChoice | null>(initialRoom);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [roomKeyword, setRoomKeyword] = useState('');
  const [peopleKeyword, setPeopleKeyword] = useState('');
  const [finderOpen, setFinderOpen] = useState(false);
  const [clashes, setClashes] = useState<OccurrenceCheck[] | null>(null);
  const [saving, setSaving] = useState(false);
  // Booking for a colleague whose calendar the user edits or manages (null: the user hosts).
  const [hostUserId, setHostUserId] = useState<number | null>(null);
  const shares = useCalendarShares();
  const delegations = (shares.data?.sharedWithMe ?? []).filter((person) => person.level === 'editor' || person.level === 'manager');
  const preferences = useBookingPreferences().data;
  const create = useCreateReservation();
  // One Idempotency-Key per submission attempt, kept while Save is pressed again after no answer.
  const [submission] = useState(() => createSubmissionKey());
  const update = useUpdateReservation();
  const rooms = useSchedule({ date: values.date ?? dayjs().format('YYYY-MM-DD'), keyword: useDebouncedValue(roomKeyword, 300), pageSize: 100 }, open);
  const people = useColleagues(useDebouncedValue(peopleKeyword, 300));
  const zone = room?.timeZone ?? 'UTC';
  const problems = tried ? validate(values) : {};
  const set = (patch: Partial<BookingFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const rule = (field: keyof BookingFormValues) =>
    problems[field] ? { validateStatus: 'error' as const, help: <span data-testid={`reserve-error-${field}`}>{t(`reserve.rules.${problems[field] as FieldProblem}`)}</span> } : {};

  const roomOptions = useMemo(() => {
    const list = (rooms.data?.list ?? []).map((r) => ({ value: r.id, label: r.name, title: r.locationPath, zone: r.timeZone }));
    if (room && !list.some((option) => option.value === room.id)) list.unshift({ value: room.id, label: room.name, title: room.locationPath ?? '', zone: room.timeZone });
    return list;
  }, [rooms.data, room]);
  const participantOptions = useMemo(() => {
    const known = new Map((people.data ?? []).map((p) => [`user:${p.id}`, p.email ? `${p.fullName} <${p.email}>` : p.fullName]));
    for (const participant of editing?.participants ?? []) if (participant.userId) known.set(`user:${participant.userId}`, participant.name ?? String(participant.userId));
    return [...known].map(([value, label]) => ({ value, label }));
  }, [people.data, editing]);

  async function save(bookFreeOnly = false) {
    setTried(true);
    setServerError(null);
    if (Object.keys(validate(values)).length > 0) return;
    const body: BookingBody = { ...toBody(values, zone), ...(bookFreeOnly ? { bookFreeOnly: true } : {}), ...(hostUserId !== null && !editing ? { hostUserId } : {}) };
    setSaving(true);
    try {
      if (editing) {
        const scope = editing.seriesId !== null ? await askScope() : null;
        if (editing.seriesId !== null && scope === null) return;
        const { repeat: _repeat, hostUserId: _host, ...change } = body;
        await update.mutateAsync({ id: editing.id, ...change, roomId: change.roomId!, title: change.title!, startAt: change.startAt!, endAt: change.endAt!, ...(scope ? { scope } : {}) });
        void message.success(t('reserve.form.updated'));
        onClose();
        return;
      }
      if (body.repeat && !bookFreeOnly) {
        const check = await checkBooking(body);
        const taken = check.occurrences.filter((occurrence) => occurrence.conflict || occurrence.refusal);
        if (taken.length > 0) {
          setClashes(taken);
          return;
        }
      }
      const answer = await submission.send(body, (idempotencyKey) => create.mutateAsync({ body, idempotencyKey }));
      if (answer.seriesId) void message.success(t('reserve.form.seriesBooked', { booked: answer.booked, skipped: answer.skipped.length }));
      else void message.success(t(answer.pending ? 'reserve.form.savedPending' : 'reserve.form.saved'));
      setClashes(null);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const conflicts = (error.result as { conflicts?: OccurrenceCheck[] } | null)?.conflicts;
        if (conflicts && conflicts.length > 0 && !bookFreeOnly) setClashes(conflicts);
        setServerError(error.message);
      } else throw error;
    } finally {
      setSaving(false);
    }
  }

  const showZone = differsFromBrowser(room?.timeZone ?? null);
  const weekly = values.repeat === 'weekly' || (values.repeat === 'custom' && values.unit === 'week');

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      width={phone ? '100%' : 560}
      title={editing ? t('reserve.form.editTitle') : t('reserve.form.newTitle')}
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('reserve.form.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="reserve-save">
            {editing ? t('reserve.form.saveChanges') : t('reserve.form.save')}
          </Button>
        </Space>
      }
    >
      {serverError ? <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} data-testid="reserve-server-error" /> : null}
      <Form layout="vertical" requiredMark component="div">
        {!editing && delegations.length > 0 ? (
          <Form.Item label={t('reserve.form.host')} extra={t('reserve.form.hostHelp')}>
            <Select
              value={hostUserId ?? 0}
              onChange={(value: number) => setHostUserId(value === 0 ? null : value)}
              options={[{ value: 0, label: t('reserve.form.hostMe') }, ...delegations.map((person) => ({ value: person.userId, label: person.name }))]}
              data-testid="reserve-host"
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('reserve.form.room')} required {...rule('roomId')}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setRoomKeyword}
              value={values.roomId ?? undefined}
              placeholder={t('reserve.form.roomPlaceholder')}
              options={roomOptions}
              onChange={(id: number) => {
                const option = roomOptions.find((candidate) => candidate.value === id);
                if (option) setRoom({ id, name: option.label, timeZone: option.zone, locationPath: option.title });
                set({ roomId: id });
              }}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="reserve-room"
            />
            <Button onClick={() => setFinderOpen(true)} data-testid="reserve-find-room">
              {t('reserve.form.findRoom')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('reserve.form.title')} required {...rule('title')}>
          <Input value={values.title} maxLength={100} placeholder={t('reserve.form.titlePlaceholder')} onChange={(event) => set({ title: event.target.value })} data-testid="reserve-title" />
        </Form.Item>
        <Space wrap align="start" style={{ width: '100%' }}>
          <Form.Item label={t('reserve.form.date')} required {...rule('date')}>
            <DatePicker
              value={values.date ? dayjs(values.date) : null}
              onChange={(value) => set({ date: value ? value.format('YYYY-MM-DD') : null })}
              // The company's bookable days and book-ahead limit (the server holds every booking to them).
              disabledDate={(day) =>
                preferences !== undefined && (!preferences.bookableWeekdays.includes(day.day()) || day.isAfter(dayjs().add(preferences.bookAheadDays, 'day'), 'day'))
              }
              allowClear={false}
              data-testid="reserve-date"
            />
          </Form.Item>
          <Form.Item label={t('reserve.form.start')} required {...rule('start')}>
            <Select showSearch value={values.start ?? undefined} options={PICKER_TIMES.map((time) => ({ value: time, label: time }))} onChange={(start: string) => set({ start })} style={{ width: 100 }} data-testid="reserve-start" />
          </Form.Item>
          <Form.Item label={t('reserve.form.end')} required {...rule('end')}>
            <Select showSearch value={values.end ?? undefined} options={PICKER_TIMES.map((time) => ({ value: time, label: time }))} onChange={(end: string) => set({ end })} style={{ width: 100 }} data-testid="reserve-end" />
          </Form.Item>
        </Space>
        {preferences?.bookableHours ? (
          <Typography.Paragraph type="secondary" data-testid="reserve-hours-note">
            {t('reserve.form.hoursNote', { start: preferences.bookableHours.start, end: preferences.bookableHours.end })}
          </Typography.Paragraph>
        ) : null}
        {showZone ? (
          <Typography.Paragraph type="secondary" data-testid="reserve-zone-note">
            {t('reserve.form.zoneNote', { zone })}
          </Typography.Paragraph>
        ) : null}
        <Form.Item label={t('reserve.form.participants')} required extra={t('reserve.form.participantsHelp')} {...rule('participants')}>
          <Select
            mode="tags"
            value={values.participants}
            options={participantOptions}
            onSearch={setPeopleKeyword}
            filterOption={false}
            tokenSeparators={[',', ';', ' ']}
            onChange={(participants: string[]) => set({ participants })}
            placeholder={t('reserve.form.participantsPlaceholder')}
            data-testid="reserve-participants"
          />
        </Form.Item>
        <Form.Item label={t('reserve.form.privacy')}>
          <Radio.Group value={values.privacy} onChange={(event) => set({ privacy: event.target.value })} data-testid="reserve-privacy">
            <Radio value="public">{t('reserve.form.privacyPublic')}</Radio>
            <Radio value="busy">{t('reserve.form.privacyBusy')}</Radio>
            <Radio value="private">{t('reserve.form.privacyPrivate')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Space wrap style={{ width: '100%' }}>
          <Form.Item label={t('reserve.form.notice')}>
            <Select
              value={values.noticeMinutes ?? -1}
              style={{ width: 160 }}
              options={[{ value: -1, label: t('reserve.form.noticeNone') }, ...NOTICE_TIMES.filter((m) => m > 0).map((m) => ({ value: m, label: t('reserve.form.minutes', { count: m }) }))]}
              onChange={(value: NoticeTime | -1) => set({ noticeMinutes: value === -1 ? null : value })}
            />
          </Form.Item>
          <Form.Item label={t('reserve.form.reminder')}>
            <Select
              value={values.reminderMinutes ?? undefined}
              style={{ width: 160 }}
              allowClear
              options={REMINDER_CHOICES.map((m) => ({ value: m, label: t('reserve.form.minutes', { count: m }) }))}
              onChange={(value: ReminderChoice | undefined) => set({ reminderMinutes: value ?? null })}
              data-testid="reserve-reminder"
            />
          </Form.Item>
        </Space>
        <Form.Item label={t('reserve.form.repeat')}>
          <Select
            value={values.repeat}
            disabled={editing !== null}
            options={REPEAT_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`reserve.form.${FREQUENCY_LABEL[frequency]}`) }))}
            onChange={(repeat: BookingFormValues['repeat']) => set({ repeat })}
            data-testid="reserve-repeat"
          />
        </Form.Item>
        {values.repeat === 'custom' ? (
          <Space wrap>
            <Form.Item
              label={t('reserve.form.every')}
              validateStatus={Number.isNaN(values.interval) ? 'error' : undefined}
              help={Number.isNaN(values.interval) ? t('common.number.range', { min: 1, max: 99 }) : undefined}
            >
              <NumberInput min={1} max={99} value={values.interval} onChange={(interval) => set({ interval: interval ?? Number.NaN })} style={{ width: 100 }} data-testid="reserve-interval" />
            </Form.Item>
            <Form.Item label=" ">
              <Select value={values.unit} style={{ width: 120 }} options={REPEAT_UNITS.map((unit) => ({ value: unit, label: t(`reserve.form.${UNIT_LABEL[unit]}`) }))} onChange={(unit: BookingFormValues['unit']) => set({ unit })} data-testid="reserve-unit" />
            </Form.Item>
          </Space>
        ) : null}
        {weekly ? (
          <Form.Item label={t('reserve.form.weekdays')}>
            <Checkbox.Group
              value={values.weekdays}
              options={[1, 2, 3, 4, 5, 6, 0].map((day) => ({ value: day, label: t(`reserve.weekday.${day}`) }))}
              onChange={(weekdays) => set({ weekdays: weekdays as number[] })}
              data-testid="reserve-weekdays"
            />
          </Form.Item>
        ) : null}
        {values.repeat !== 'none' ? (
          <Form.Item label={t('reserve.form.until')} {...rule('until')}>
            <Space wrap>
              <Radio.Group value={values.until === null ? 'never' : 'date'} onChange={(event) => set({ until: event.target.value === 'never' ? null : (values.date ?? dayjs().format('YYYY-MM-DD')) })} data-testid="reserve-ends">
                <Radio value="never">{t('reserve.form.neverEnds')}</Radio>
                <Radio value="date">{t('reserve.form.untilDate')}</Radio>
              </Radio.Group>
              {values.until !== null ? <DatePicker value={dayjs(values.until)} allowClear={false} onChange={(value) => set({ until: value ? value.format('YYYY-MM-DD') : null })} data-testid="reserve-until" /> : null}
            </Space>
          </Form.Item>
        ) : null}
        <Form.Item label={t('reserve.form.remarks')}>
          <Input.TextArea value={values.remarks} maxLength={2000} rows={3} onChange={(event) => set({ remarks: event.target.value })} data-testid="reserve-remarks" />
        </Form.Item>
      </Form>
      <RoomFinderModal
        open={finderOpen}
        values={values}
        zone={zone}
        exceptReservationId={editing?.id}
        onClose={() => setFinderOpen(false)}
        onChoose={(chosen) => {
          setRoom({ id: chosen.id, name: chosen.name, timeZone: chosen.timeZone, locationPath: chosen.locationPath });
          set({ roomId: chosen.id });
          setFinderOpen(false);
        }}
      />
      <Modal
        open={clashes !== null}
        title={t('reserve.clash.title')}
        onCancel={() => setClashes(null)}
        footer={[
          <Button key="change" onClick={() => setClashes(null)} data-testid="reserve-clash-change">
            {t('reserve.clash.changeTime')}
          </Button>,
          <Button key="free" type="primary" onClick={() => void save(true)} data-testid="reserve-clash-book-free">
            {t('reserve.clash.bookFree')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('reserve.clash.intro')}</Typography.Paragraph>
        <List
          size="small"
          dataSource={clashes ?? []}
          renderItem={(occurrence) => (
            <List.Item>
              <Typography.Text strong>{occurrence.date}</Typography.Text>{' '}
              {occurrence.refusal ??
                (occurrence.conflict && occurrence.conflict.startAt !== null && occurrence.conflict.endAt !== null
                  ? occurrence.conflict.title
                    ? t('reserve.clash.busyBy', { title: occurrence.conflict.title, start: clock(occurrence.conflict.startAt, zone), end: clock(occurrence.conflict.endAt, zone) })
                    : t('reserve.clash.busy', { start: clock(occurrence.conflict.startAt, zone), end: clock(occurrence.conflict.endAt, zone) })
                  : null)}
            </List.Item>
          )}
        />
      </Modal>
    </Drawer>
  );
}

interface RoomFinderProps {
  open: boolean;
  values: BookingFormValues;
  zone: string;
  exceptReservationId: number | undefined;
  onClose: () => void;
  onChoose: (room: AvailableRoom) => void;
}

/** Rooms free for the form's time (every date of its repeat), by capacity band, equipment and place. */
function RoomFinderModal({ open, values, zone, exceptReservationId, onClose, onChoose }: RoomFinderProps) {
  const { t } = useTranslation();
  const [band, setBand] = useState<CapacityBand | undefined>();
  const [equipment, setEquipment] = useState<string[]>([]);
  const [locationId, setLocationId] = useState<number | undefined>();
  const [result, setResult] = useState<AvailableRoom[] | null>(null);
  const [loading, setLoading] = useState(false);
  const places = useSchedule({ date: values.date ?? dayjs().format('YYYY-MM-DD'), pageSize: 1 }, open);
  const ready = values.date && values.start && values.end;

  async function search() {
    if (!ready) return;
    setLoading(true);
    try {
      const body = toBody({ ...values, roomId: values.roomId ?? 0, title: values.title || '-' }, zone);
      const answer = await fetchAvailableRooms({
        startAt: body.startAt!,
        endAt: body.endAt!,
        capacityBand: band,
        equipment,
        locationId,
        repeat: repeatRule(values),
        exceptReservationId,
      });
      setResult(answer.list);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Modal open={open} title={t('reserve.finder.title')} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('reserve.location')}
          style={{ width: 200 }}
          value={locationId}
          onChange={setLocationId}
          options={(places.data?.places ?? []).map((place) => ({ value: place.id, label: place.name }))}
          data-testid="reserve-finder-location"
        />
        <Select
          allowClear
          placeholder={t('reserve.finder.capacity')}
          style={{ width: 150 }}
          value={band}
          onChange={setBand}
          options={CAPACITY_BANDS.map((value) => ({ value, label: t(`location.rooms.bands.${value}`) }))}
          data-testid="reserve-finder-capacity"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder={t('reserve.finder.equipment')}
          style={{ minWidth: 200 }}
          value={equipment}
          onChange={setEquipment}
          options={EQUIPMENT_KEYS.map((value) => ({ value, label: t(`location.equipment.${value}`) }))}
          data-testid="reserve-finder-equipment"
        />
        <Button type="primary" loading={loading} disabled={!ready} onClick={() => void search()} data-testid="reserve-finder-search">
          {t('reserve.finder.search')}
        </Button>
      </Space>
      {result !== null ? (
        <List
          dataSource={result}
          locale={{ emptyText: t('reserve.finder.none') }}
          renderItem={(room) => (
            <List.Item
              actions={[
                <Button key="choose" size="small" onClick={() => onChoose(room)} data-testid={`reserve-finder-choose-${room.id}`}>
                  {t('reserve.finder.choose')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={room.name}
                description={
                  <>
                    {room.locationPath} · {room.capacity} · {room.timeZone}
                    {room.occurrences > 1 ? ` · ${t('reserve.finder.seriesNote', { count: room.occurrences })}` : ''}
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
