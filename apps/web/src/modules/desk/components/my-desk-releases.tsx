import { addDays, type ReleasableDesk } from '@atrium/contract';
import { App, Button, DatePicker, List, Popconfirm, Space } from 'antd';
import type { ButtonProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n/i18n';
import { useMyDeskReleases, useReleaseDesk, useTakeBackRelease } from '../api/desk-release.api';
import { dayText } from '../model/desk-slot';
import './my-desk-releases.css';

/** A calendar date as people say it ("Wed, 25 Nov"): the date itself, whatever the reader's zone. */
const dateText = (date: string, lang: string) => dayText(Date.parse(`${date}T12:00:00Z`), 'UTC', lang);
const spanText = (first: string, last: string, lang: string) => (first === last ? dateText(first, lang) : `${dateText(first, lang)} – ${dateText(last, lang)}`);

/**
 * The reader's assigned desks (decision 0019, "Away days"): release one for days away, so colleagues may
 * book it then, and take a release back (the days a colleague has booked stay theirs, named). Nothing
 * shows for a reader with no desk of their own.
 */
export function MyDeskReleases() {
  const desks = useMyDeskReleases();
  if (!desks.data?.length) return null;
  return (
    <div className="atrium-my-desk-releases" data-testid="my-desk-releases">
      {desks.data.map((desk) => (
        <OwnDesk key={desk.deskId} desk={desk} />
      ))}
    </div>
  );
}

function OwnDesk({ desk }: { desk: ReleasableDesk }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const release = useReleaseDesk();
  const takeBack = useTakeBackRelease();
  const lang = currentLang();
  const [days, setDays] = useState<[Dayjs, Dayjs] | null>(null);
  // A year ahead at most: further than anyone plans an absence.
  const lastAllowed = addDays(desk.today, 365);

  async function submit() {
    if (!days) return;
    try {
      const firstDay = days[0].format('YYYY-MM-DD');
      const lastDay = days[1].format('YYYY-MM-DD');
      await release.mutateAsync({ deskId: desk.deskId, firstDay, lastDay });
      void message.success(t('desk.release.released', { number: desk.deskNumber, days: spanText(firstDay, lastDay, lang) }));
      setDays(null);
    } catch {
      // The client has shown the server's reason.
    }
  }

  async function undo(id: number) {
    try {
      await takeBack.mutateAsync(id);
      void message.success(t('desk.release.takenBack', { number: desk.deskNumber }));
    } catch {
      // The client has shown the server's reason.
    }
  }

  return (
    <section className="atrium-my-desk-release" data-testid={`my-desk-release-${desk.deskId}`}>
      <Space wrap align="center">
        <strong>{t('desk.release.myDesk', { number: desk.deskNumber })}</strong>
        <span className="atrium-muted">{[desk.buildingName, desk.floorName].filter(Boolean).join(' · ')}</span>
      </Space>
      <Space wrap className="atrium-my-desk-release-form">
        <DatePicker.RangePicker
          aria-label={t('desk.release.days')}
          value={days}
          onChange={(value) => setDays(value && value[0] && value[1] ? [value[0], value[1]] : null)}
          disabledDate={(candidate) => {
            const date = candidate.format('YYYY-MM-DD');
            return date < desk.today || date > lastAllowed;
          }}
          data-testid={`desk-release-days-${desk.deskId}`}
        />
        <Button type="primary" disabled={!days} loading={release.isPending} onClick={() => void submit()} data-testid={`desk-release-submit-${desk.deskId}`}>
          {t('desk.release.submit')}
        </Button>
      </Space>
      {desk.releases.length > 0 ? (
        <List
          size="small"
          dataSource={desk.releases}
          data-testid={`desk-releases-${desk.deskId}`}
          renderItem={(item) => (
            <List.Item
              key={item.id}
              data-testid={`desk-release-${item.id}`}
              actions={[
                <Popconfirm
                  key="take-back"
                  title={t('desk.release.takeBackConfirm')}
                  okText={t('desk.release.takeBack')}
                  cancelText={t('desk.booking.keep')}
                  okButtonProps={{ 'data-testid': `desk-release-take-back-confirm-${item.id}` } as ButtonProps}
                  onConfirm={() => undo(item.id)}
                >
                  <Button size="small" data-testid={`desk-release-take-back-${item.id}`}>
                    {t('desk.release.takeBack')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={t('desk.release.span', { days: spanText(item.firstDay, item.lastDay, lang) })}
                description={
                  item.bookedDays.length === 0
                    ? null
                    : t('desk.release.bookedDays', { days: item.bookedDays.map((day) => `${dateText(day.date, lang)} (${day.userName ?? t('desk.booking.someone')})`).join(', ') })
                }
              />
            </List.Item>
          )}
        />
      ) : null}
    </section>
  );
}
