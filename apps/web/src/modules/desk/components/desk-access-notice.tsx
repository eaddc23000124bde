import type { DeskBookingAccess } from '@atrium/contract';
import { Alert } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeskBookingAccess } from '../api/desk-access.api';

type Closure = DeskBookingAccess['closures'][number];

/** The booking page's access: whether the reader may book desks (true until known), and the closure holding a date of the floor. */
export function useDeskAccess(floorId: number | undefined) {
  const access = useDeskBookingAccess(floorId);
  const closures = access.data?.closures ?? [];
  const closureOn = (date: string): Closure | undefined => closures.find((closure) => closure.firstDate <= date && date <= closure.lastDate);
  /** The date picker's day cell: a closed day carries the closure's name as its hint. */
  const dayCell = (day: Dayjs, origin: ReactNode) => {
    const closure = closureOn(day.format('YYYY-MM-DD'));
    return closure ? (
      <div className="ant-picker-cell-inner" title={closure.name} data-testid={`desk-closed-day-${day.format('YYYY-MM-DD')}`}>
        {day.date()}
      </div>
    ) : (
      origin
    );
  };
  return { canBook: access.data?.canBook ?? true, closureOn, dayCell };
}

/** Why the reader cannot book desks here: their department is not allowed, or the date is closed. */
export function DeskAccessNotice({ canBook, closure }: { canBook: boolean; closure: Closure | undefined }) {
  const { t } = useTranslation();
  if (!canBook) return <Alert type="warning" showIcon role="alert" title={t('desk.access.notForDepartment')} data-testid="desk-booking-not-allowed" />;
  if (closure) return <Alert type="info" showIcon title={t('desk.access.closedDay', { name: closure.name })} data-testid="desk-booking-closed-day" />;
  return null;
}
