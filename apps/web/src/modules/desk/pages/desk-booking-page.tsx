import { toZoned, type DeskFloor } from '@atrium/contract';
import { App, Button, Card, DatePicker, List, Segmented, Select, Space, Spin, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useNow } from '../../../shared/hooks/use-now';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { zoneName } from '../../../shared/time-zone/zone-text';
import { floorMapUrl, useBookingFloors, useCheckInDesk, useDeskAvailability } from '../api/desk.api';
import { DeskAccessNotice, useDeskAccess } from '../components/desk-access-notice';
import { DeskBookDialog } from '../components/desk-book-dialog';
import { DeskMap } from '../components/desk-map';
import { DeskNearPanel, type DeskNearMarks } from '../components/desk-near-panel';
import { MyDeskBookings } from '../components/my-desk-bookings';
import { MyDeskReleases } from '../components/my-desk-releases';
import { NeighbourhoodTag } from '../components/neighbourhood-tag';
import { DeskHoursPicker } from '../components/desk-hours-picker';
import { BOOKING_PARTS, DEFAULT_HOURS, deskState, slotOf, type BookingPart, type DeskState, type HourSpan } from '../model/desk-slot';
import './desk-booking-page.css';

/** A floor as the picker names it: its building first. */
const floorLabel = (floor: DeskFloor) => (floor.buildingName ? `${floor.buildingName} · ${floor.floorName}` : floor.floorName);
const STATES: readonly DeskState[] = ['free', 'mine', 'taken', 'closed'];

/**
 * /deskeeper-reservation: a floor's desks on a date, on its map or as a list, coloured by how each
 * stands for the morning, afternoon, day or hours chosen (on the floor's clock); a desk opens to be booked. Above them, the reader's own
 * desk bookings to check in to or cancel. Opened from a desk's QR code (`?checkIn=<deskId>`), it
 * checks the reader in to their booking of that desk (decision 0019).
 */
export function DeskBookingPage() {
  const { t } = useTranslation();
  const floors = useBookingFloors();
  const [pickedFloor, setFloorId] = useState<number>();
  const floorId = pickedFloor ?? floors.data?.[0]?.floorId;
  const floor = floors.data?.find((candidate) => candidate.floorId === floorId);
  const zone = floor?.timeZone ?? 'UTC';
  const viewerZone = useViewerZone();
  const now = useNow();
  const today = toZoned(now, zone).date;
  const [pickedDate, setDate] = useState<string>();
  const date = pickedDate ?? today;
  const [part, setPart] = useState<BookingPart>('day');
  const [hours, setHours] = useState<HourSpan>(DEFAULT_HOURS);
  const [view, setView] = useState<'map' | 'list'>('map');
  const [chosen, setChosen] = useState<number>();
  const [marks, setMarks] = useState<DeskNearMarks>();
  const markNear = useCallback((next: DeskNearMarks) => setMarks(next), []);
  const availability = useDeskAvailability(floorId, date);
  const data = availability.data;
  const slot = useMemo(() => (data ? slotOf(data, part, hours) : undefined), [data, part, hours]);
  const desks = useMemo(() => (data && slot ? data.desks.map((desk) => ({ desk, state: deskState(desk, slot) })) : []), [data, slot]);
  const colors = useMemo(() => new Map((data?.neighbourhoods ?? []).map((area) => [area.id, area.color])), [data]);
  const chosenDesk = data?.desks.find((desk) => desk.id === chosen);
  // Who may book desks, and the closure days (decision 0019, "Desk access and closures").
  const access = useDeskAccess(floorId);
  useQrCheckIn();

  if (floors.isLoading) return <Spin style={{ display: 'block', margin: '96px auto' }} aria-label={t('desk.booking.loading')} />;

  return (
    <div className="atrium-desk-booking" data-testid="page-desk-booking">
      <PageHeader title={t('desk.booking.title')} subtitle={t('desk.booking.subtitle')} />
      <Card title={t('desk.booking.mine')} size="small" className="atrium-desk-booking-mine">
        <MyDeskBookings />
        <MyDeskReleases />
      </Card>
      <DeskAccessNotice canBook={access.canBook} closure={access.closureOn(date)} />
      {floors.data?.length === 0 ? (
        <EmptyState description={t('desk.booking.noDesks')} />
      ) : !access.canBook ? null : (
        <Card size="small">
          <div className="atrium-desk-booking-controls">
            <Select
              aria-label={t('desk.settings.floor')}
              value={floorId}
              onChange={(value: number) => setFloorId(value)}
              options={(floors.data ?? []).map((candidate) => ({ value: candidate.floorId, label: floorLabel(candidate) }))}
              data-testid="desk-booking-floor"
              className="atrium-desk-booking-floor"
            />
            <DatePicker
              aria-label={t('desk.booking.date')}
              value={dayjs(date)}
              allowClear={false}
              onChange={(value: Dayjs | null) => value && setDate(value.format('YYYY-MM-DD'))}
              disabledDate={(candidate) => candidate.format('YYYY-MM-DD') < today || (data !== undefined && candidate.format('YYYY-MM-DD') > data.lastDate) || access.closureOn(candidate.format('YYYY-MM-DD')) !== undefined}
              cellRender={(current, info) => (info.type === 'date' && typeof current === 'object' ? access.dayCell(current, info.originNode) : info.originNode)}
              data-testid="desk-booking-date"
            />
            <Segmented<BookingPart>
              value={part}
              onChange={setPart}
              options={BOOKING_PARTS.map((value) => ({ value, label: t(`desk.booking.parts.${value}`) }))}
              data-testid="desk-booking-part"
            />
            {part === 'hours' ? <DeskHoursPicker value={hours} onChange={setHours} testId="desk-booking-hours" /> : null}
            <Segmented<'map' | 'list'>
              value={view}
              onChange={setView}
              options={[
                { value: 'map', label: t('desk.booking.views.map') },
                { value: 'list', label: t('desk.booking.views.list') },
              ]}
              data-testid="desk-booking-view"
            />
          </div>
          {floorId !== undefined ? <DeskNearPanel floorId={floorId} date={date} part={part} hours={hours} onMark={markNear} onShowFloor={setFloorId} /> : null}
          {zone !== viewerZone ? <p className="atrium-muted">{t('desk.booking.zone', { zone: zoneName(zone, t) })}</p> : null}
          <div className="atrium-desk-legend" aria-hidden="true">
            {STATES.map((state) => (
              <span key={state} className={`is-${state}`}>
                {t(`desk.booking.states.${state}`)}
              </span>
            ))}
          </div>
          {!data ? (
            <Spin style={{ display: 'block', margin: '48px auto' }} aria-label={t('desk.booking.loading')} />
          ) : view === 'map' ? (
            <DeskMap
              date={data.date}
              desks={desks}
              colors={colors}
              onChoose={setChosen}
              marks={marks}
              plan={data.map && floorId !== undefined ? { url: floorMapUrl(floorId, data.map), width: data.map.width, height: data.map.height } : undefined}
              rooms={data.rooms}
            />
          ) : (
            <List
              dataSource={desks}
              data-testid="desk-booking-list"
              renderItem={({ desk, state }) => {
                const area = data.neighbourhoods.find((candidate) => candidate.id === desk.neighbourhoodId);
                return (
                  <List.Item
                    key={desk.id}
                    data-testid={`desk-row-${desk.id}`}
                    actions={[
                      <Button key="open" size="small" type={state === 'free' ? 'primary' : 'default'} onClick={() => setChosen(desk.id)} data-testid={`desk-open-${desk.id}`}>
                        {state === 'free' ? t('desk.booking.book') : t('desk.booking.details')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      title={
                        <Space size={6} wrap>
                          <strong>{desk.number}</strong>
                          <Tag className={`atrium-desk-state is-${state}`}>{t(`desk.booking.states.${state}`)}</Tag>
                          {desk.isReleased ? <Tag>{t('desk.booking.releasedTag')}</Tag> : null}
                          {area ? <NeighbourhoodTag color={area.color}>{area.name}</NeighbourhoodTag> : null}
                        </Space>
                      }
                      description={desk.equipment.map((key) => t(`desk.equipment.${key}`)).join(' · ') || null}
                    />
                  </List.Item>
                );
              }}
            />
          )}
        </Card>
      )}
      {chosenDesk && data ? <DeskBookDialog key={chosenDesk.id} desk={chosenDesk} availability={data} part={part} hours={hours} onClose={() => setChosen(undefined)} /> : null}
    </div>
  );
}

/** Opened from a desk's QR code (`?checkIn=<deskId>`): checks the reader in there once, then drops the parameter. */
function useQrCheckIn() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const checkIn = useCheckInDesk();
  const handled = useRef<string | null>(null);
  const desk = params.get('checkIn');
  useEffect(() => {
    if (!desk || handled.current === desk) return;
    handled.current = desk;
    const deskId = Number(desk);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('checkIn');
      return next;
    }, { replace: true });
    if (!Number.isInteger(deskId) || deskId <= 0) return;
    checkIn.mutateAsync(deskId).then(
      (booking) => void message.success(t('desk.booking.checkedIn', { number: booking.deskNumber })),
      () => undefined, // The client has shown the server's reason.
    );
  }, [desk, checkIn, message, setParams, t]);
}
