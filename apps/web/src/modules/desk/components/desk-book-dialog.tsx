import type { DeskAvailability, DeskSeriesResult } from '@atrium/contract';
import { ToolOutlined } from '@ant-design/icons';
import { App, Button, Modal, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n/i18n';
import { spanIn } from '../../../shared/time-zone/zone-text';
import { useBookDesk } from '../api/desk.api';
import { useBookDeskSeries } from '../api/desk-release.api';
import { BOOKING_PARTS, DEFAULT_HOURS, bookingsIn, dayText, deskState, slotOf, type AvailableDesk, type BookingPart, type HourSpan } from '../model/desk-slot';
import { DeskHoursPicker } from './desk-hours-picker';
import { DeskSeriesOutcome, DeskSeriesWeeks } from './desk-series-result';
import { ReportProblemDialog } from '../../repair/components/report-problem-dialog';
import { NeighbourhoodTag } from './neighbourhood-tag';

export interface DeskBookDialogProps {
  desk: AvailableDesk;
  availability: DeskAvailability;
  part: BookingPart;
  /** The hours the page chose (for `part` hours), on the floor's clock. */
  hours?: HourSpan;
  onClose(): void;
}

/** One desk of the map or list: what it has, who holds it that day, and booking it for a part of the day or hours. */
export function DeskBookDialog({ desk, availability, part: initialPart, hours: initialHours = DEFAULT_HOURS, onClose }: DeskBookDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const book = useBookDesk();
  const [part, setPart] = useState<BookingPart>(initialPart);
  const [hours, setHours] = useState<HourSpan>(initialHours);
  const [reporting, setReporting] = useState(false);
  const [weeks, setWeeks] = useState(1);
  const [series, setSeries] = useState<DeskSeriesResult>();
  const bookSeries = useBookDeskSeries();
  const zone = availability.timeZone;
  const slot = slotOf(availability, part, hours);
  const state = deskState(desk, slot);
  const area = availability.neighbourhoods.find((candidate) => candidate.id === desk.neighbourhoodId);
  const lang = currentLang();

  async function submit() {
    try {
      if (weeks > 1) {
        // A series stays open with each week's outcome: some weeks may be refused.
        const results = await bookSeries.mutateAsync({ deskId: desk.id, date: availability.date, part, ...(part === 'hours' ? hours : {}), weeks });
        void message.success(t('desk.series.done', { booked: results.filter((week) => week.booking !== null).length, weeks }));
        setSeries(results);
        return;
      }
      const booked = await book.mutateAsync({ deskId: desk.id, date: availability.date, part, ...(part === 'hours' ? hours : {}) });
      void message.success(t('desk.booking.booked', { number: booked.deskNumber, day: dayText(booked.startAt, zone, lang), time: spanIn(booked.startAt, booked.endAt, zone) }));
      onClose();
    } catch {
      // The client has shown the server's reason (taken meanwhile, a rule).
    }
  }

  return (
    <Modal
      open
      title={t('desk.booking.dialogTitle', { number: desk.number })}
      onCancel={onClose}
      footer={
        <Space wrap className="atrium-desk-book-footer">
          <Button type="link" icon={<ToolOutlined />} onClick={() => setReporting(true)} data-testid="desk-report-problem">
            {t('repair.report')}
          </Button>
          <Button onClick={onClose}>{t('desk.booking.close')}</Button>
          <Button type="primary" disabled={state !== 'free' || series !== undefined} loading={book.isPending || bookSeries.isPending} onClick={() => void submit()} data-testid="desk-book-submit">
            {t(`desk.booking.bookPart.${part}`, { start: hours.start, end: hours.end })}
          </Button>
        </Space>
      }
      data-testid="desk-book-dialog"
    >
      <p className="atrium-desk-book-when">
        {dayText(slot.startAt, zone, lang)} · {spanIn(slot.startAt, slot.endAt, zone)}
      </p>
      <Segmented<BookingPart>
        block
        value={part}
        onChange={setPart}
        options={BOOKING_PARTS.map((value) => ({ value, label: t(`desk.booking.parts.${value}`) }))}
        data-testid="desk-book-part"
      />
      {part === 'hours' ? <DeskHoursPicker value={hours} onChange={setHours} testId="desk-book-hours" /> : null}
      {desk.mode === 'drop_in' ? null : (
        <p className="atrium-desk-book-repeat">
          <span>{t('desk.series.label')}</span> <DeskSeriesWeeks value={weeks} onChange={setWeeks} />
        </p>
      )}
      {series ? <DeskSeriesOutcome results={series} /> : null}
      <dl className="atrium-desk-book-facts">
        {area ? (
          <>
            <dt>{t('desk.fields.neighbourhood')}</dt>
            <dd>
              <NeighbourhoodTag color={area.color}>{area.name}</NeighbourhoodTag>
            </dd>
          </>
        ) : null}
        <dt>{t('desk.fields.equipment')}</dt>
        <dd>{desk.equipment.length === 0 ? '—' : desk.equipment.map((key) => <Tag key={key}>{t(`desk.equipment.${key}`)}</Tag>)}</dd>
        {desk.mode === 'assigned' ? (
          <>
            <dt>{t('desk.fields.owner')}</dt>
            <dd>{desk.assignedUserName ?? desk.assignedDepartmentName ?? '—'}</dd>
          </>
        ) : null}
        <dt>{t('desk.booking.thatDay')}</dt>
        <dd>
          {desk.bookings.length === 0
            ? t('desk.booking.nobody')
            : desk.bookings.map((booking) => (
                <div key={booking.id}>
                  {spanIn(booking.startAt, booking.endAt, zone)} · {booking.isMine ? t('desk.booking.you') : (booking.userName ?? t('desk.booking.someone'))}
                </div>
              ))}
        </dd>
      </dl>
      {desk.isReleased ? <p className="atrium-muted" data-testid="desk-book-released">{t('desk.booking.releasedHint')}</p> : null}
      {state === 'closed' ? <p className="atrium-desk-book-note" data-testid="desk-book-closed">{t(`desk.booking.closed.${desk.closedReason}`)}</p> : null}
      {state === 'taken' ? <p className="atrium-desk-book-note">{t('desk.booking.takenBy', { name: bookingsIn(desk, slot)[0]?.userName ?? t('desk.booking.someone') })}</p> : null}
      {state === 'mine' ? <p className="atrium-desk-book-note">{t('desk.booking.alreadyYours')}</p> : null}
      {desk.mode === 'drop_in' ? <p className="atrium-muted">{t('desk.modeHelp.drop_in')}</p> : null}
      {reporting ? <ReportProblemDialog target={{ kind: 'desk', id: desk.id, name: desk.number, place: '' }} onClose={() => setReporting(false)} /> : null}
    </Modal>
  );
}
