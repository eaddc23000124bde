import type { LicenceOverview } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { DataTable } from '../../../shared/ui/data-table';
import { useTranslation } from 'react-i18next';
import { licenceOverviewQuery } from '../api/licence.api';
import { licenceDay, seatsText } from './licence-date';
import { LicenceInstallForm } from './licence-install-form';
import { LicenceStateTag } from './licence-state-tag';
import './licence-panel.css';

type ModuleRow = LicenceOverview['modules'][number];
type LicenceRow = LicenceOverview['licences'][number];

/** The app centre's licences: each licensed module's state, seats and end; the installed licences; the install form. */
export function LicencePanel() {
  const { t } = useTranslation();
  const { data } = useQuery(licenceOverviewQuery);
  if (!data) {
    return (
      <Card className="atrium-card">
        <Skeleton active />
      </Card>
    );
  }
  const seats = (row: { seats: number | null }) => seatsText(t, row.seats, data.seatsUsed);
  return (
    <Card className="atrium-card atrium-licence-panel" title={t('licence.title')} data-testid="licence-panel">
      <p className="atrium-muted">{t('licence.subtitle')}</p>
      <DataTable<ModuleRow>
        rowKey="module"
        size="small"
        pagination={false}
        dataSource={data.modules}
        columns={[
          { title: t('licence.columns.module'), dataIndex: 'module', render: (_, row) => t(`application.apps.${row.module}.name`) },
          { title: t('licence.columns.state'), dataIndex: 'state', render: (_, row) => <LicenceStateTag state={row.state} testId={`licence-state-${row.module}`} /> },
          { title: t('licence.columns.seats'), key: 'seats', render: (_, row) => (row.state === 'unlicensed' ? '—' : seats(row)) },
          { title: t('licence.columns.validUntil'), dataIndex: 'validUntil', render: (_, row) => (row.validUntil === null ? '—' : licenceDay(row.validUntil)) },
          { title: t('licence.columns.number'), dataIndex: 'licenceNumber', render: (_, row) => row.licenceNumber ?? '—' },
        ]}
      />
      {data.licences.length ? (
        <>
          <h4>{t('licence.installed')}</h4>
          <DataTable<LicenceRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.licences}
            data-testid="licence-list"
            columns={[
              { title: t('licence.columns.number'), dataIndex: 'number', render: (_, row) => (row.isTrial ? `${row.number} (${t('licence.trial')})` : row.number) },
              { title: t('licence.columns.serial'), dataIndex: 'serial' },
              { title: t('licence.columns.licensee'), dataIndex: 'licensee' },
              { title: t('licence.columns.modules'), dataIndex: 'modules', render: (_, row) => row.modules.map((module) => t(`application.apps.${module}.name`)).join(', ') },
              { title: t('licence.columns.validUntil'), dataIndex: 'validUntil', render: (_, row) => licenceDay(row.validUntil) },
              { title: t('licence.columns.state'), dataIndex: 'state', render: (_, row) => <LicenceStateTag state={row.state} /> },
            ]}
          />
        </>
      ) : null}
      {data.canEdit ? <LicenceInstallForm /> : null}
    </Card>
  );
}
