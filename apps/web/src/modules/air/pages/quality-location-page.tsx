import { AIR_METRIC_CATALOGUE, AIR_METRICS, AIR_PRESETS, DEFAULT_AIR_PRESET, hasPermission, type AirMetric, type AirPreset, type AirThresholdSet, type AirThresholdSetting } from '@atrium/contract';
import { Button, Card, Popconfirm, Radio, Space, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useSession } from '../../../shared/session/session-context';
import { NumberInput } from '../../../shared/ui/number-input';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAirLocations, useAirThresholds, useRemoveAirThresholds, useSaveAirThresholds } from '../api/air.api';
import { formatAirNumber, locationOptions } from '../components/air-format';
import '../air.css';

/** The largest limit the inputs take (CO2 in ppm is the largest scale). */
const LIMIT_MAX = 100_000;

/** One metric's limits as the form holds them: empty inputs are null. */
interface LimitDraft {
  min: number | null;
  max: number | null;
  band: number;
}
type LimitsDraft = Record<AirMetric, LimitDraft>;

const draftOf = (set: AirThresholdSet): LimitsDraft =>
  Object.fromEntries(AIR_METRICS.map((metric) => [metric, { min: set.limits[metric]?.min ?? null, max: set.limits[metric]?.max ?? null, band: set.limits[metric]?.band ?? 0 }])) as LimitsDraft;

/** The custom set of a draft: a metric without a minimum or a maximum has no limit. */
function setOf(draft: LimitsDraft, minDurationSeconds: number): AirThresholdSet {
  const limits: AirThresholdSet['limits'] = {};
  for (const metric of AIR_METRICS) {
    const { min, max, band } = draft[metric];
    if (min === null && max === null) continue;
    limits[metric] = { ...(min === null ? {} : { min }), ...(max === null ? {} : { max }), band };
  }
  return { limits, minDurationSeconds };
}

/** /quality-location: the limits each place is judged by (the existing thresholds calls), per location or the company's default. */
export function QualityLocationPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const thresholds = useAirThresholds();
  const tree = useAirLocations();
  const options = useMemo(() => locationOptions(tree.data ?? []), [tree.data]);
  const save = useSaveAirThresholds();
  const remove = useRemoveAirThresholds();
  const [locationId, setLocationId] = useState<number | null>(null);
  const [preset, setPreset] = useState<AirPreset>(DEFAULT_AIR_PRESET);
  const [draft, setDraft] = useState<LimitsDraft | null>(null);
  const [minDuration, setMinDuration] = useState(300);
  // Limits changed and not saved are asked about before the page goes.
  const [isDirty, setDirty] = useState(false);
  useUnsavedChanges(isDirty);
  const settings = thresholds.data?.settings ?? [];

  /** Loads a place into the editor: its saved setting, or the default preset. */
  const choose = (id: number | null) => {
    setLocationId(id);
    const saved = settings.find((setting) => setting.locationId === id);
    setPreset(saved?.preset ?? DEFAULT_AIR_PRESET);
    setDraft(saved?.custom ? draftOf(saved.custom) : null);
    setMinDuration(saved?.thresholds.minDurationSeconds ?? 300);
    setDirty(false);
  };

  const presets = thresholds.data?.presets;
  const shown: LimitsDraft | null = preset === 'custom' ? (draft ?? (presets ? draftOf(presets.well_v2) : null)) : presets ? draftOf(presets[preset]) : null;
  const duration = preset === 'custom' ? minDuration : (presets?.[preset].minDurationSeconds ?? 300);
  const isCustom = preset === 'custom';

  const setLimit = (metric: AirMetric, field: keyof LimitDraft, value: number | null) => {
    if (!shown) return;
    // The shared number input clears a value outside its limits (NaN): no limit then.
    const next = value === null || Number.isNaN(value) ? null : value;
    setDraft({ ...shown, [metric]: { ...shown[metric], [field]: field === 'band' ? (next ?? 0) : next } });
    setDirty(true);
  };

  const number = (metric: AirMetric, field: keyof LimitDraft) => {
    const value = shown?.[metric][field] ?? null;
    if (!isCustom || !canEdit) return value === null ? <Typography.Text type="secondary">{t('air.location.noLimit')}</Typography.Text> : formatAirNumber(metric, value, i18n.language);
    return (
      <NumberInput
        value={value}
        onChange={(next) => setLimit(metric, field, next)}
        min={0}
        max={LIMIT_MAX}
        className="air-limit-input"
        aria-label={`${t(`air.metric.${metric}`)} ${t(`air.location.${field}`)}`}
        data-testid={`air-limit-${metric}-${field}`}
      />
    );
  };

  const limitColumns: ColumnsType<{ metric: AirMetric }> = [
    { key: 'metric', title: t('air.data.metric'), render: (_, { metric }) => `${t(`air.metric.${metric}`)} (${AIR_METRIC_CATALOGUE[metric].unit})` },
    { key: 'min', title: t('air.location.min'), render: (_, { metric }) => number(metric, 'min') },
    { key: 'max', title: t('air.location.max'), render: (_, { metric }) => number(metric, 'max') },
    { key: 'band', title: t('air.location.band'), render: (_, { metric }) => number(metric, 'band') },
  ];

  const settingColumns: ColumnsType<AirThresholdSetting> = [
    { key: 'place', title: t('air.location.place'), render: (_, setting) => setting.locationName ?? t('air.location.companyDefault') },
    { key: 'preset', title: t('air.location.preset'), render: (_, setting) => <Tag>{t(`air.location.presets.${setting.preset}`)}</Tag> },
    {
      key: 'actions',
      title: '',
      render: (_, setting) => (
        <Space>
          <Button size="small" onClick={() => choose(setting.locationId)} data-testid={`air-setting-edit-${setting.locationId ?? 'default'}`}>
            {t('air.location.edit')}
          </Button>
          {canEdit ? (
            <Popconfirm title={t('air.location.removeConfirm')} onConfirm={() => remove.mutateAsync(setting.locationId)}>
              <Button size="small" danger data-testid={`air-setting-remove-${setting.locationId ?? 'default'}`}>
                {t('air.location.remove')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const saved = preset === 'custom' ? save.mutateAsync({ locationId, preset, custom: setOf(shown!, minDuration) }) : save.mutateAsync({ locationId, preset });
    void saved.then(() => setDirty(false));
  };

  return (
    <div className="atrium-page" data-testid="page-quality-location">
      <PageHeader title={t('air.location.title')} subtitle={t('air.location.subtitle')} />
      <Card className="atrium-card">
        <form className="air-location-form" onSubmit={submit}>
          <div className="air-location-field">
            <Typography.Text strong id="air-location-place-label">
              {t('air.location.place')}
            </Typography.Text>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              value={locationId ?? undefined}
              onChange={(value?: number) => choose(value ?? null)}
              treeData={options}
              placeholder={t('air.location.companyDefault')}
              aria-labelledby="air-location-place-label"
              className="air-filter"
              data-testid="air-location-place"
            />
          </div>
          <div className="air-location-field">
            <Typography.Text strong id="air-location-preset-label">
              {t('air.location.preset')}
            </Typography.Text>
            <Radio.Group
              value={preset}
              onChange={(event) => {
                setPreset(event.target.value as AirPreset);
                setDirty(true);
              }}
              disabled={!canEdit}
              options={AIR_PRESETS.map((value) => ({ value, label: t(`air.location.presets.${value}`) }))}
              aria-labelledby="air-location-preset-label"
              data-testid="air-location-preset"
            />
          </div>
          <DataTable<{ metric: AirMetric }>
            rowKey="metric"
            size="small"
            pagination={false}
            columns={limitColumns}
            dataSource={AIR_METRICS.map((metric) => ({ metric }))}
            data-testid="air-location-limits"
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('air.location.bandHelp')}
          </Typography.Paragraph>
          <div className="air-location-field">
            <label htmlFor="air-location-duration">
              <Typography.Text strong>{t('air.location.minDuration')}</Typography.Text>
            </label>
            {isCustom && canEdit ? (
              <NumberInput
                id="air-location-duration"
                min={0}
                max={86_400}
                value={minDuration}
                onChange={(value) => {
                  setMinDuration(value === null || Number.isNaN(value) ? 0 : value);
                  setDirty(true);
                }}
                className="air-limit-input"
                data-testid="air-location-duration"
              />
            ) : (
              <span data-testid="air-location-duration-value">{duration}</span>
            )}
            <Typography.Text type="secondary">{t('air.location.minDurationHelp')}</Typography.Text>
          </div>
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="air-location-save">
              {t('air.location.save')}
            </Button>
          ) : null}
        </form>
      </Card>
      <Card className="atrium-card" title={t('air.location.settings')}>
        <DataTable<AirThresholdSetting>
          rowKey={(setting) => String(setting.locationId ?? 'default')}
          size="small"
          columns={settingColumns}
          dataSource={settings}
          loading={thresholds.isPending}
          pagination={false}
          locale={tableEmpty(t('air.location.empty'))}
        />
      </Card>
    </div>
  );
}
