import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOUR_CHOICES, type HourSpan } from '../model/desk-slot';

export interface DeskHoursPickerProps {
  value: HourSpan;
  onChange(value: HourSpan): void;
  /** Prefix of the pickers' test ids (`<prefix>-from`, `<prefix>-to`). */
  testId: string;
}

/**
 * From and to on the floor's clock, in half hours over the whole day (24:00 ends it). Choosing a start at
 * or after the end moves the end to keep the span's length where it fits, else to 24:00.
 */
export function DeskHoursPicker({ value, onChange, testId }: DeskHoursPickerProps) {
  const { t } = useTranslation();
  const starts = HOUR_CHOICES.slice(0, -1);
  const ends = HOUR_CHOICES.filter((time) => time > value.start);
  function changeStart(start: string) {
    if (start < value.end) return onChange({ start, end: value.end });
    const length = HOUR_CHOICES.indexOf(value.end) - HOUR_CHOICES.indexOf(value.start);
    onChange({ start, end: HOUR_CHOICES[Math.min(HOUR_CHOICES.indexOf(start) + Math.max(length, 1), HOUR_CHOICES.length - 1)]! });
  }
  return (
    <Space.Compact className="atrium-desk-hours">
      <Select
        aria-label={t('desk.booking.hoursFrom')}
        value={value.start}
        onChange={changeStart}
        options={starts.map((time) => ({ value: time, label: time }))}
        popupMatchSelectWidth={false}
        virtual={false}
        data-testid={`${testId}-from`}
      />
      <Select
        aria-label={t('desk.booking.hoursTo')}
        value={value.end}
        onChange={(end: string) => onChange({ start: value.start, end })}
        options={ends.map((time) => ({ value: time, label: time }))}
        popupMatchSelectWidth={false}
        virtual={false}
        data-testid={`${testId}-to`}
      />
    </Space.Compact>
  );
}
