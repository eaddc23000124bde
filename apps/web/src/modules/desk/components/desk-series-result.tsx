import { DESK_SERIES_WEEKS_MAX, type DeskSeriesResult } from '@atrium/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n/i18n';
import { dayText } from '../model/desk-slot';

/** Weeks a series may take: 1 (no repeat) to the contract's most. */
const WEEK_CHOICES = Array.from({ length: DESK_SERIES_WEEKS_MAX }, (_, index) => index + 1);

/** "Repeat weekly for N weeks" (1: once). */
export function DeskSeriesWeeks({ value, onChange }: { value: number; onChange(weeks: number): void }) {
  const { t } = useTranslation();
  return (
    <Select<number>
      aria-label={t('desk.series.label')}
      value={value}
      onChange={onChange}
      options={WEEK_CHOICES.map((weeks) => ({ value: weeks, label: weeks === 1 ? t('desk.series.once') : t('desk.series.weeks', { count: weeks }) }))}
      popupMatchSelectWidth={false}
      virtual={false}
      data-testid="desk-book-weeks"
    />
  );
}

/** Each week of a series as the server answered it: booked, or refused with its reason. */
export function DeskSeriesOutcome({ results }: { results: DeskSeriesResult }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <ul className="atrium-desk-series-result" data-testid="desk-series-result">
      {results.map((week) => (
        <li key={week.date} data-testid={`desk-series-${week.date}`}>
          {dayText(Date.parse(`${week.date}T12:00:00Z`), 'UTC', lang)}: {week.booking ? t('desk.series.booked') : week.refusal}
        </li>
      ))}
    </ul>
  );
}
