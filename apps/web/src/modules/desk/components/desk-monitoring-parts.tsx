import { DownloadOutlined } from '@ant-design/icons';
import { DESK_MONITORING_MAX_DAYS, FILTER_DATE_FORMAT, type DeskFloor, type DeskPeriodQuery } from '@atrium/contract';
import { App, Button, DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type DayRange = [Dayjs, Dayjs];
const DAY = 'YYYY-MM-DD';

/** The days up to today, today included: the pages open on the last four weeks. */
export const lastDays = (days: number): DayRange => [dayjs().subtract(days - 1, 'day').startOf('day'), dayjs().startOf('day')];

/** The period the calls take. */
export const periodOf = (range: DayRange, floorId: number | undefined): DeskPeriodQuery => ({ from: range[0].format(DAY), to: range[1].format(DAY), ...(floorId === undefined ? {} : { floorId }) });

/** A floor as the pickers name it: its building first. */
export const floorLabel = (floor: Pick<DeskFloor, 'buildingName' | 'floorName'>) => (floor.buildingName ? `${floor.buildingName} · ${floor.floorName}` : floor.floorName);

/** A share from 0 to 1 as a percentage to one decimal; a dash with nothing to divide by. */
export const percentText = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

/** The floor picker of the monitoring pages: every floor with desks, or one. */
export function FloorFilter({ floors, floorId, onChange, testId }: { floors: DeskFloor[]; floorId: number | undefined; onChange: (floorId: number | undefined) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={floorId}
      onChange={(value) => onChange(value ?? undefined)}
      options={floors.map((floor) => ({ value: floor.floorId, label: floorLabel(floor) }))}
      placeholder={t('desk.monitoring.allFloors')}
      aria-label={t('desk.monitoring.floor')}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}

/** The period picker: a range of days, at most a year apart (the server answers 400 beyond). */
export function PeriodFilter({ range, onChange, testId }: { range: DayRange; onChange: (range: DayRange) => void; testId: string }) {
  const { t } = useTranslation();
  const presets = [7, 28, 90, 365].map((days) => ({ label: t('desk.monitoring.lastDays', { count: days }), value: lastDays(days) }));
  return (
    <DatePicker.RangePicker
      value={range}
      allowClear={false}
      format={FILTER_DATE_FORMAT}
      presets={presets}
      disabledDate={(day, { from }) => (from ? Math.abs(day.diff(from, 'day')) > DESK_MONITORING_MAX_DAYS : false)}
      onChange={(value) => {
        if (value?.[0] && value[1]) onChange([value[0], value[1]]);
      }}
      aria-label={t('desk.monitoring.dates')}
      data-testid={testId}
    />
  );
}

/** "Export xlsx": downloads the figures of the period shown; the server's refusal is shown as it says it. */
export function ExportButton({ download, testId }: { download: (fallbackMessage: string) => Promise<void>; testId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isExporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await download(t('desk.monitoring.exportFailed'));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void run()} data-testid={testId}>
      {t('desk.monitoring.export')}
    </Button>
  );
}
