import { FILTER_DATE_FORMAT, type VisitLocation } from '@atrium/contract';
import { Alert, DatePicker, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useVisitAnalysis } from '../api/visitor-analysis.api';
import { AnalysisCharts, AnalysisTotals } from '../components/visitor-analysis-charts';
import './visitor-analysis-page.css';

type Range = [Dayjs, Dayjs];

/** The days the page opens on: the last 30, today included. */
const lastDays = (days: number): Range => [dayjs().subtract(days - 1, 'day').startOf('day'), dayjs().startOf('day')];
const DAY = 'YYYY-MM-DD';

/** "Building / Floor" for a floor (as the charts name it), the name for a building. */
const locationLabel = (place: VisitLocation) => (place.buildingName ? `${place.buildingName} / ${place.name}` : place.name);

/**
 * /guider-analysis (area overviewStats): the visits of a range of days on each place's clock, per
 * day, reason and place, the arrivals' peak hours, the average stay and the no-show rate (decision
 * 0018, "Analytics and export").
 */
export function VisitorAnalysisPage() {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [range, setRange] = useState<Range>(() => lastDays(30));
  const [locationId, setLocationId] = useState<number>();
  const analysis = useVisitAnalysis({ from: range[0].format(DAY), to: range[1].format(DAY), ...(locationId === undefined ? {} : { locationId }) });
  const answer = analysis.data;

  const presets = [7, 30, 90, 365].map((days) => ({ label: t('visitor.analysis.lastDays', { count: days }), value: lastDays(days) }));
  let body;
  if (analysis.error && !answer) body = <Alert type="error" showIcon message={analysis.error.message} data-testid="visit-analysis-error" />;
  else if (!answer) body = <Spin spinning data-testid="visit-analysis-loading"><div style={{ minHeight: 240 }} /></Spin>;
  else if (answer.totals.visits === 0) body = <EmptyState description={t('visitor.analysis.empty')} data-testid="visit-analysis-empty" />;
  else
    body = (
      <Spin spinning={analysis.isFetching} delay={300}>
        <AnalysisTotals analysis={answer} />
        <AnalysisCharts analysis={answer} isNarrow={isNarrow} />
      </Spin>
    );

  return (
    <div className="atrium-page atrium-visit-analysis" data-testid="page-visitor-analysis">
      <PageHeader title={t('visitor.analysis.title')} subtitle={t('visitor.analysis.subtitle')} />
      <div className="atrium-visit-analysis-filters">
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          format={FILTER_DATE_FORMAT}
          presets={presets}
          // At most 366 days apart (VISIT_ANALYSIS_MAX_DAYS); the server answers 400 beyond.
          disabledDate={(day, { from }) => (from ? Math.abs(day.diff(from, 'day')) > 366 : false)}
          onChange={(value) => {
            if (value?.[0] && value[1]) setRange([value[0], value[1]]);
          }}
          aria-label={t('visitor.analysis.dates')}
          data-testid="visit-analysis-dates"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={locationId}
          onChange={(value) => setLocationId(value)}
          options={(answer?.locations ?? []).map((place) => ({ value: place.id, label: locationLabel(place) }))}
          placeholder={t('visitor.analysis.allLocations')}
          aria-label={t('visitor.analysis.location')}
          popupMatchSelectWidth={false}
          data-testid="visit-analysis-location"
        />
        <span className="atrium-muted atrium-visit-analysis-clock">{t('visitor.analysis.clockHint')}</span>
      </div>
      {body}
    </div>
  );
}
