import { localDateTime, toZoned, type Asset } from '@atrium/contract';
import { ToolOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { useAsset, useAssetHistory, useAuditAsset } from '../api/asset.api';
import { ReportProblemDialog } from '../../repair/components/report-problem-dialog';
import { AssetStatusTag } from './asset-status-tag';

/** An asset's details and the history of its holders; editors mark it audited here. */
export function AssetDrawer({ assetId, canEdit, onClose }: { assetId: number; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useViewerZone();
  const asset = useAsset(assetId);
  const history = useAssetHistory(assetId);
  const audit = useAuditAsset();
  const [reporting, setReporting] = useState(false);
  const at = (ms: number | null) => (ms === null ? '—' : localDateTime(ms, zone));
  const holderText = (a: Asset) => (a.holder ? `${t(`asset.targetKinds.${a.holder.kind}`)}: ${a.holder.name}` : '—');

  return (
    <Drawer open title={asset.data ? t('asset.drawer.title', { tag: asset.data.tag }) : t('asset.drawer.loading')} size="large" onClose={onClose} data-testid="asset-drawer">
      {asset.isError ? <Alert type="error" showIcon title={asset.error.message} /> : null}
      {asset.data ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('asset.fields.tag')}>{asset.data.tag}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.status')}>
              <AssetStatusTag status={asset.data.status} testId="asset-drawer-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.model')}>{asset.data.modelName}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.manufacturer')}>{asset.data.manufacturer ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.category')}>{asset.data.categoryName}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.serial')}>{asset.data.serial ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.holder')}>{holderText(asset.data)}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.location')}>{asset.data.locationName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.purchaseDate')}>{asset.data.purchaseDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.warrantyEnd')}>{asset.data.warrantyEnd ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.lastAuditAt')}>{at(asset.data.lastAuditAt)}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.nextAuditAt')}>{asset.data.nextAuditAt === null ? '—' : toZoned(asset.data.nextAuditAt, zone).date}</Descriptions.Item>
            <Descriptions.Item label={t('asset.fields.notes')}>{asset.data.notes ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Space wrap>
            {canEdit ? (
              <Button onClick={() => audit.mutateAsync(assetId).then(() => undefined, () => undefined)} loading={audit.isPending} data-testid="asset-audit">
                {t('asset.actions.audit')}
              </Button>
            ) : null}
            {/* Anyone who reads the asset may report a problem with it (the repair centre). */}
            <Button icon={<ToolOutlined />} onClick={() => setReporting(true)} data-testid="asset-report-problem">
              {t('repair.report')}
            </Button>
          </Space>
          {reporting ? (
            <ReportProblemDialog
              target={{ kind: 'asset', id: asset.data.id, name: `${asset.data.tag} · ${asset.data.modelName}`, place: asset.data.locationName ?? '' }}
              onClose={() => setReporting(false)}
            />
          ) : null}
          <section aria-label={t('asset.drawer.history')} data-testid="asset-history">
            <h3>{t('asset.drawer.history')}</h3>
            {history.data === undefined ? (
              <Skeleton active />
            ) : history.data.length === 0 ? (
              <span className="atrium-muted">{t('asset.drawer.noHistory')}</span>
            ) : (
              <Timeline
                items={history.data.map((entry) => ({
                  key: entry.id,
                  color: entry.returnedAt === null ? 'blue' : 'gray',
                  content: (
                    <span data-testid={`asset-history-${entry.id}`}>
                      {t(`asset.targetKinds.${entry.targetKind}`)}: <strong>{entry.targetName ?? '—'}</strong> · {at(entry.assignedAt)} → {entry.returnedAt === null ? t('asset.drawer.stillOut') : at(entry.returnedAt)}
                      {entry.assignedByName ? ` · ${t('asset.drawer.by', { name: entry.assignedByName })}` : ''}
                    </span>
                  ),
                }))}
              />
            )}
          </section>
        </Space>
      ) : asset.isError ? null : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
