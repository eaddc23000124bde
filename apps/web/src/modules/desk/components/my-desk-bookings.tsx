import { DESK_CHECK_IN_EARLY_MS, type DeskBooking } from '@atrium/contract';
import { App, Button, List, Popconfirm, Space, Tag } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../shared/hooks/use-now';
import { currentLang } from '../../../shared/i18n/i18n';
import { spanIn } from '../../../shared/time-zone/zone-text';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { useCancelDeskBooking, useCheckInDesk, useMyDeskBookings } from '../api/desk.api';
import { dayText } from '../model/desk-slot';

/** Whether `booking` can be checked in to at `now`: not yet, from 15 minutes before its start until its check-in deadline. */
export const isCheckInOpen = (booking: DeskBooking, now: number) =>
  booking.checkedInAt === null && now >= booking.startAt - DESK_CHECK_IN_EARLY_MS && now < (booking.checkInBy ?? booking.endAt);

/** The reader's desk bookings still to come: when, where, checked in or not; check in and cancel. */
export function MyDeskBookings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mine = useMyDeskBookings();
  const cancel = useCancelDeskBooking();
  const checkIn = useCheckInDesk();
  const lang = currentLang();
  const now = useNow(30_000);

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      void message.success(done);
    } catch {
      // The client has shown the server's reason.
    }
  }

  return (
    <List
      className="atrium-my-desk-bookings"
      loading={mine.isLoading}
      dataSource={mine.data ?? []}
      locale={tableEmpty(t('desk.booking.noneMine'))}
      data-testid="my-desk-bookings"
      renderItem={(booking) => (
        <List.Item
          key={booking.id}
          data-testid={`my-desk-booking-${booking.id}`}
          actions={[
            ...(isCheckInOpen(booking, now)
              ? [
                  <Button key="check-in" type="primary" size="small" onClick={() => void run(() => checkIn.mutateAsync(booking.deskId), t('desk.booking.checkedIn', { number: booking.deskNumber }))} data-testid={`desk-check-in-${booking.id}`}>
                    {t('desk.booking.checkIn')}
                  </Button>,
                ]
              : []),
            <Popconfirm
              key="cancel"
              title={t('desk.booking.cancelConfirm', { number: booking.deskNumber })}
              okText={t('desk.booking.cancelYes')}
              cancelText={t('desk.booking.keep')}
              okButtonProps={{ danger: true, 'data-testid': `desk-cancel-confirm-${booking.id}` } as ButtonProps}
              onConfirm={() => run(() => cancel.mutateAsync(booking.id), t('desk.booking.cancelled'))}
            >
              <Button size="small" danger data-testid={`desk-cancel-${booking.id}`}>
                {t('desk.booking.cancel')}
              </Button>
            </Popconfirm>,
          ]}
        >
          <List.Item.Meta
            title={
              <Space size={6} wrap>
                <strong>{t('desk.booking.deskNumber', { number: booking.deskNumber })}</strong>
                {booking.checkedInAt !== null ? <Tag color="green">{t('desk.booking.checkedInTag')}</Tag> : null}
              </Space>
            }
            description={`${dayText(booking.startAt, booking.timeZone, lang)} · ${spanIn(booking.startAt, booking.endAt, booking.timeZone)} · ${[booking.buildingName, booking.floorName].filter(Boolean).join(' · ')}`}
          />
        </List.Item>
      )}
    />
  );
}
