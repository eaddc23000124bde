import { Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryBody } from '../../../shared/ui/query-body';
import { downloadDeskOverview, useDeskOverview } from '../api/desk-monitoring.api';
import { ExportButton, FloorFilter, lastDays, PeriodFilter, periodOf, type DayRange } from '../components/desk-monitoring-parts';
import { OverviewCharts, OverviewTotals } from '../components/desk-overview-charts';
import '../components/desk-monitoring.css';

/**
 * /deskeeper-overview (area overviewStats): for a period (the last four weeks first) and a floor or all,
 * utilisation in total, by weekday and by neighbourhood, check-in and no-show rates, as charts and an
 * xlsx export (decision 0019, "Monitoring").
 */
export function DeskOverviewPage() {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [range, setRange] = useState<DayRange>(() => lastDays(28));
  const [floorId, setFloorId] = useState<number>();
  const period = periodOf(range, floorId);
  const overview = useDeskOverview(period);
  return (
    <div className="atrium-page" data-testid="page-desk-overview">
      <PageHeader title={t('desk.monitoring.overview.title')} subtitle={t('desk.monitoring.overview.subtitle')} />
      <div className="atrium-desk-monitoring-filters">
        <PeriodFilter range={range} onChange={setRange} testId="desk-overview-dates" />
        <FloorFilter floors={overview.data?.floors ?? []} floorId={floorId} onChange={setFloorId} testId="desk-overview-floor" />
        <ExportButton download={(fallback) => downloadDeskOverview(period, fallback)} testId="desk-overview-export" />
        <span className="atrium-muted atrium-desk-monitoring-hint">{t('desk.monitoring.clockHint')}</span>
      </div>
      <QueryBody query={overview}>
        {(data) =>
          data.desks === 0 ? (
            <EmptyState description={data.floors.length === 0 ? t('desk.monitoring.noDesks') : t('desk.monitoring.overview.empty')} data-testid="desk-overview-empty" />
          ) : (
            <Spin spinning={overview.isFetching} delay={300}>
              <OverviewTotals overview={data} />
              <OverviewCharts overview={data} isNarrow={isNarrow} />
            </Spin>
          )
        }
      </QueryBody>
    </div>
  );
}
