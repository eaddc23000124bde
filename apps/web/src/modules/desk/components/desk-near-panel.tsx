import type { DeskNearQuery } from '@atrium/contract';
import { App, Button, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n/i18n';
import { spanIn } from '../../../shared/time-zone/zone-text';
import { useBookDesk } from '../api/desk.api';
import { useDeskColleagues, useDeskNear } from '../api/desk-release.api';
import { dayText, type BookingPart, type HourSpan } from '../model/desk-slot';
import './desk-near.css';

/** The desks the map marks: the colleague's, and the free ones nearest to it. */
export interface DeskNearMarks {
  colleagueDeskId: number | null;
  nearDeskIds: number[];
}

export interface DeskNearPanelProps {
  floorId: number;
  date: string;
  part: BookingPart;
  hours: HourSpan;
  /** The desks to mark on the map: the colleague's and the free ones nearest to it. */
  onMark(marks: DeskNearMarks): void;
  /** Shows another floor (where the colleague sits). */
  onShowFloor(floorId: number): void;
}

/**
 * "Book next to" a colleague (decision 0019): a colleague by name; for the floor, date and part chosen, where
 * they sit (their desk booking) and the free desks nearest to it that the reader may book, the nearest a
 * click away. Who holds which desk is on the map for every booker already; this finds it by name.
 */
export function DeskNearPanel({ floorId, date, part, hours, onMark, onShowFloor }: DeskNearPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [userId, setUserId] = useState<number>();
  const colleagues = useDeskColleagues(keyword);
  const query: DeskNearQuery | undefined = userId === undefined ? undefined : { userId, floorId, date, part, ...(part === 'hours' ? hours : {}) };
  const near = useDeskNear(query);
  const book = useBookDesk();
  const answer = userId === undefined ? undefined : near.data;
  const nearest = answer?.desks[0];
  const colleagueDeskId = answer?.booking?.deskId ?? null;
  const nearIds = (answer?.desks ?? []).map((desk) => desk.deskId).join(',');
  const lang = currentLang();

  useEffect(() => {
    onMark({ colleagueDeskId, nearDeskIds: nearIds ? nearIds.split(',').map(Number) : [] });
  }, [colleagueDeskId, nearIds, onMark]);

  async function bookNearest() {
    if (!nearest) return;
    try {
      const booked = await book.mutateAsync({ deskId: nearest.deskId, date, part, ...(part === 'hours' ? hours : {}) });
      void message.success(t('desk.booking.booked', { number: booked.deskNumber, day: dayText(booked.startAt, booked.timeZone, lang), time: spanIn(booked.startAt, booked.endAt, booked.timeZone) }));
    } catch {
      // The client has shown the server's reason (taken meanwhile, a rule).
    }
  }

  return (
    <div className="atrium-desk-near" data-testid="desk-near">
      <Space wrap align="center">
        <strong>{t('desk.near.title')}</strong>
        <Select<number>
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          allowClear
          value={userId}
          onChange={(value) => setUserId(value)}
          onClear={() => setUserId(undefined)}
          placeholder={t('desk.near.search')}
          aria-label={t('desk.near.search')}
          options={(colleagues.data ?? []).map((colleague) => ({ value: colleague.id, label: colleague.fullName }))}
          notFoundContent={null}
          className="atrium-desk-near-search"
          data-testid="desk-near-search"
        />
      </Space>
      {answer ? (
        <div className="atrium-desk-near-answer" data-testid="desk-near-answer">
          {answer.booking === null ? (
            <p>{t('desk.near.notBooked', { name: answer.userName })}</p>
          ) : (
            <>
              <p>
                {t('desk.near.sits', { name: answer.userName, number: answer.booking.deskNumber, floor: answer.booking.floorName })}{' '}
                {answer.booking.floorId !== floorId ? (
                  <Button type="link" size="small" onClick={() => onShowFloor(answer.booking!.floorId)} data-testid="desk-near-floor">
                    {t('desk.near.otherFloor')}
                  </Button>
                ) : null}
              </p>
              {nearest ? (
                <Space wrap>
                  <span>{t('desk.near.nearest')}</span>
                  <span data-testid="desk-near-list">{answer.desks.map((desk) => desk.deskNumber).join(', ')}</span>
                  <Button type="primary" size="small" loading={book.isPending} onClick={() => void bookNearest()} data-testid="desk-near-book">
                    {t('desk.near.bookNearest', { number: nearest.deskNumber })}
                  </Button>
                </Space>
              ) : (
                <p className="atrium-muted">{t('desk.near.none')}</p>
              )}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
