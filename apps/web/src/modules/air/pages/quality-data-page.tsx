import { DownloadOutlined } from '@ant-design/icons';
import { AIR_METRIC_CATALOGUE, AIR_METRICS, toCsv, type AirHistory, type AirMetric } from '@atrium/contract';
import { Button, Card, DatePicker, Segmented, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/api/save-file';
import { EChart } from '../../../shared/charts/echart';
import { useNow } from '../../../shared/hooks/use-now';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAirDevices, useAirHistory, useAirNow, type AirHistoryRequest } from '../api/air.api';
import { formatAirNumber } from '../components/air-format';
import '../air.css';

const RANGES = ['day', 'week', 'month', 'year', 'custom'] as const;
type Range = (typeof RANGES)[number];
const RANGE_DAYS: Record<Exclude<Range, 'custom'>, number> = { day: 1, week: 7, month: 30, year: 365 };
const MINUTE_MS = 60_000;

/** A bucket's time as the grain reads it. */
const timeFormat = (grain: AirHistory['grain']) => (grain === 'minute' ? 'MM-DD HH:mm' : grain === 'hour' ? 'MM-DD HH:00' : 'YYYY-MM-DD');

/** /quality-data: a place's or a monitor's history of one metric, as a chart and a CSV. */
export function QualityDataPage() {
  const { t, i18n } = useTranslation();
  const [source, setSource] = useState<'place' | 'device'>('place');
  const [placeId, setPlaceId] = useState<number>();
  const [deviceId, setDeviceId] = useState<number>();
  const [metric, setMetric] = useState<AirMetric>('co2');
  const [range, setRange] = useState<Range>('day');
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  // The end of a preset range moves on by the minute, so a chart left open keeps up without a request per render.
  const now = Math.floor(useNow(MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  const places = useAirNow(undefined);
  const devices = useAirDevices();

  const request = useMemo((): AirHistoryRequest | null => {
    const target = source === 'place' ? (placeId === undefined ? null : { locationId: placeId }) : deviceId === undefined ? null : { deviceId };
    if (!target) return null;
    if (range === 'custom') {
      if (!dates?.[0] || !dates[1]) return null;
      return { ...target, metric, from: dates[0].startOf('day').valueOf(), to: dates[1].endOf('day').valueOf() + 1 };
    }
    return { ...target, metric, from: now - RANGE_DAYS[range] * 86_400_000, to: now };
  }, [source, placeId, deviceId, metric, range, dates, now]);
  const history = useAirHistory(request);
  const data = request ? history.data : undefined;
  const targetName =
    source === 'place' ? (places.data?.list.find((place) => place.locationId === placeId)?.path.join(' / ') ?? '') : (devices.data?.list.find((device) => device.id === deviceId)?.name ?? '');
  const unit = AIR_METRIC_CATALOGUE[metric].unit;

  const option = useMemo((): EChartsCoreOption | null => {
    if (!data || data.points.length === 0) return null;
    const labels = data.points.map((point) => dayjs(point.at).format(timeFormat(data.grain)));
    const line = (name: string, values: number[], dashed: boolean) => ({ name, type: 'line', showSymbol: false, data: values, lineStyle: dashed ? { type: 'dashed', width: 1 } : { width: 2 } });
    return {
      tooltip: { trigger: 'axis', valueFormatter: (value: number) => `${formatAirNumber(metric, value, i18n.language)} ${unit}` },
      legend: { top: 0 },
      grid: { left: 56, right: 24, top: 36, bottom: 56 },
      xAxis: { type: 'category', data: labels },
      yAxis: { type: 'value', name: unit, scale: true },
      dataZoom: [{ type: 'inside' }, { type: 'slider' }],
      series: [
        line(t('air.data.average'), data.points.map((point) => point.avg), false),
        line(t('air.data.lowest'), data.points.map((point) => point.min), true),
        line(t('air.data.highest'), data.points.map((point) => point.max), true),
      ],
    };
  }, [data, metric, unit, i18n.language, t]);

  const exportCsv = () => {
    if (!data) return;
    const rows = [
      [targetName, `${t(`air.metric.${metric}`)} (${unit})`, t(`air.data.grain.${data.grain}`)],
      [t('air.data.time'), t('air.data.average'), t('air.data.lowest'), t('air.data.highest'), t('air.data.count')],
      ...data.points.map((point) => [dayjs(point.at).format('YYYY-MM-DD HH:mm'), point.avg, point.min, point.max, point.count]),
    ];
    saveFile(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), `air-${metric}-${dayjs(request!.from).format('YYYYMMDD')}-${dayjs(request!.to).format('YYYYMMDD')}.csv`);
  };

  return (
    <div className="atrium-page" data-testid="page-quality-data">
      <PageHeader title={t('air.data.title')} subtitle={t('air.data.subtitle')} />
      <Card className="atrium-card">
        <div className="atrium-toolbar air-chart-toolbar">
          <Segmented
            value={source}
            onChange={(value) => setSource(value as 'place' | 'device')}
            options={[
              { value: 'place', label: t('air.data.byPlace') },
              { value: 'device', label: t('air.data.byDevice') },
            ]}
            aria-label={t('air.data.source')}
            data-testid="air-data-source"
          />
          {source === 'place' ? (
            <Select
              showSearch
              optionFilterProp="label"
              value={placeId}
              onChange={(value: number) => setPlaceId(value)}
              options={(places.data?.list ?? []).map((place) => ({ value: place.locationId, label: place.path.join(' / ') }))}
              placeholder={t('air.data.place')}
              aria-label={t('air.data.place')}
              className="air-filter"
              data-testid="air-data-place"
            />
          ) : (
            <Select
              showSearch
              optionFilterProp="label"
              value={deviceId}
              onChange={(value: number) => setDeviceId(value)}
              options={(devices.data?.list ?? []).map((device) => ({ value: device.id, label: device.name }))}
              placeholder={t('air.data.device')}
              aria-label={t('air.data.device')}
              className="air-filter"
              data-testid="air-data-device"
            />
          )}
          <Select
            value={metric}
            onChange={(value: AirMetric) => setMetric(value)}
            options={AIR_METRICS.map((value) => ({ value, label: `${t(`air.metric.${value}`)} (${AIR_METRIC_CATALOGUE[value].unit})` }))}
            aria-label={t('air.data.metric')}
            className="air-filter"
            data-testid="air-data-metric"
          />
          <Select
            value={range}
            onChange={(value: Range) => setRange(value)}
            options={RANGES.map((value) => ({ value, label: t(`air.data.ranges.${value}`) }))}
            aria-label={t('air.data.range')}
            style={{ minWidth: 140 }}
            data-testid="air-data-range"
          />
          {range === 'custom' ? <DatePicker.RangePicker value={dates} onChange={(value) => setDates(value)} aria-label={t('air.data.range')} data-testid="air-data-dates" /> : null}
          <Button icon={<DownloadOutlined />} disabled={!data || data.points.length === 0} onClick={exportCsv} data-testid="air-data-export">
            {t('air.data.export')}
          </Button>
        </div>
        {!request ? <EmptyState description={t('air.data.choose')} /> : null}
        {request && history.isPending ? <Spin /> : null}
        {data && data.points.length === 0 ? <EmptyState description={t('air.data.empty')} /> : null}
        {data && option ? (
          <>
            <Typography.Text type="secondary" data-testid="air-data-grain">
              {t(`air.data.grain.${data.grain}`)}
            </Typography.Text>
            <EChart option={option} height={380} label={t('air.data.chartLabel', { metric: t(`air.metric.${metric}`), unit, grain: t(`air.data.grain.${data.grain}`) })} testId="air-data-chart" />
          </>
        ) : null}
      </Card>
    </div>
  );
}
