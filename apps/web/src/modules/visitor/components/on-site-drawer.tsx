import { PrinterOutlined } from '@ant-design/icons';
import { hasPermission } from '@atrium/contract';
import { Alert, Button, Drawer, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { readOnSiteCopy, useOnSite } from '../api/on-site.api';
import { useVisitLocations } from '../api/visitor.api';
import { MusterTable, placeName } from './on-site-list';
import { useVisitTime } from './visit-parts';
import './on-site.css';

/** Set on the page's body while the drawer is open: printing then prints the muster list alone (on-site.css). */
const PRINTING_CLASS = 'atrium-muster-printing';

/** The network or the server failed (no answer, a gateway's page, a 5xx): the stored copy stands in. */
const isOutage = (error: unknown) => error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'http' || error.status >= 500);

export interface OnSiteDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * On site now (decision 0018): everyone checked in, by location, with counts; refreshed every 30
 * seconds while open. When a refresh fails for want of the network, the last list this computer
 * received shows with the time it was made. Print gives the muster list for a roll call.
 */
export function OnSiteDrawer({ open, onClose }: OnSiteDrawerProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const time = useVisitTime();
  const isNarrow = useMediaQuery('(max-width: 700px)');
  const [place, setPlace] = useState<{ id: number; name: string }>();
  const companyId = user.company.id;
  const onSite = useOnSite(companyId, place?.id, open);
  const isOffline = onSite.isError && isOutage(onSite.error);
  // After a failed refresh the query keeps its last answer; a filter not read since, the stored copy.
  const stored = useMemo(() => (isOffline && !onSite.data ? readOnSiteCopy(companyId, place?.id) : null), [isOffline, onSite.data, companyId, place?.id]);
  // Refused (no longer allowed, say): nothing is shown but why.
  const list = onSite.isError && !isOffline ? null : (onSite.data ?? stored);

  useEffect(() => {
    if (!open) return;
    document.body.classList.add(PRINTING_CLASS);
    return () => document.body.classList.remove(PRINTING_CLASS);
  }, [open]);

  const where = place ? `${user.company.name} · ${place.name}` : user.company.name;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('visitor.onSite.title')}
      size={isNarrow ? '100%' : 760}
      extra={
        <Button icon={<PrinterOutlined />} disabled={!list} onClick={() => window.print()} data-testid="visit-on-site-print">
          {t('visitor.onSite.print')}
        </Button>
      }
      data-testid="visit-on-site"
    >
      <div className="atrium-muster-toolbar">
        {hasPermission(user.permissions, 'events:view') ? <PlaceFilter value={place?.id} onChange={setPlace} /> : null}
        {list ? (
          <Typography.Text strong data-testid="visit-on-site-total">
            {t('visitor.onSite.total', { count: list.totalPeople })}
          </Typography.Text>
        ) : null}
        {list && !isOffline ? <Typography.Text type="secondary">{t('visitor.onSite.updated', { time: time(list.generatedAt) })}</Typography.Text> : null}
      </div>
      {isOffline && list ? <Alert type="warning" showIcon className="atrium-muster-alert" role="status" title={t('visitor.onSite.offline', { time: time(list.generatedAt) })} data-testid="visit-on-site-offline" /> : null}
      {onSite.isError && !list ? (
        <Alert
          type="error"
          showIcon
          className="atrium-muster-alert"
          role="alert"
          title={isOffline ? t('visitor.onSite.noCopy') : onSite.error.message}
          action={<Button size="small" onClick={() => void onSite.refetch()}>{t('visitor.onSite.retry')}</Button>}
          data-testid="visit-on-site-failed"
        />
      ) : null}
      {!list && onSite.isPending && !onSite.isError ? <Spin className="atrium-muster-loading" /> : null}
      {list && list.visits.length === 0 ? <EmptyState description={t('visitor.onSite.empty')} data-testid="visit-on-site-empty" /> : null}
      {list && list.visits.length > 0 ? <MusterTable list={list} variant="screen" /> : null}
      {open && list
        ? createPortal(
            <div className="atrium-muster-print">
              <h1>{t('visitor.onSite.printTitle', { place: where, time: time(list.generatedAt) })}</h1>
              <p>{t('visitor.onSite.total', { count: list.totalPeople })}</p>
              <MusterTable list={list} variant="print" />
            </div>,
            document.body,
          )
        : null}
    </Drawer>
  );
}

/** The invite form's building and floor picker; a building includes its floors. */
function PlaceFilter({ value, onChange }: { value: number | undefined; onChange: (place: { id: number; name: string } | undefined) => void }) {
  const { t } = useTranslation();
  const locations = useVisitLocations();
  const options = (locations.data ?? []).map((location) => ({ value: location.id, label: placeName(location) }));
  return (
    <Select<number>
      allowClear
      showSearch
      optionFilterProp="label"
      value={value}
      onChange={(id) => {
        const option = options.find((candidate) => candidate.value === id);
        onChange(option ? { id: option.value, name: option.label } : undefined);
      }}
      options={options}
      loading={locations.isFetching}
      placeholder={t('visitor.onSite.allLocations')}
      aria-label={t('visitor.fields.location')}
      style={{ minWidth: 240 }}
      data-testid="visit-on-site-location"
    />
  );
}
