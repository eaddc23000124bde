import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LIGHT_CYCLE, type DoorDisplay, type LightCycle } from '@atrium/contract';
import { App, Button, Card, Checkbox, Drawer, Popconfirm, Slider, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useAddLightCycle, useDeleteLightCycle, useLightCycles, useUpdateLightCycle } from '../api/door-display.api';
import { SLIDER_MARKS, stepToTime, timeToStep, weekdayLabel, weekdaysToString } from './light-cycle-model';
import { EmptyState } from '../../../shared/ui/empty-state';

/** Days in the order a week reads, Monday first; 0 is Sunday. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

interface Draft {
  /** The cycle being edited, or null for a new one. */
  id: number | null;
  days: number[];
  range: [number, number];
}

/** Whether two drafts set the same days (in any order) and hours. */
const sameDraft = (a: Draft, b: Draft) =>
  a.range[0] === b.range[0] && a.range[1] === b.range[1] && [...a.days].sort().join() === [...b.days].sort().join();

export interface LightCycleDrawerProps {
  device: DoorDisplay | null;
  onClose: () => void;
}

/** How a cycle's days read: workday, everyday, or the day names. */
export function WeekdayText({ weekday }: { weekday: string }) {
  const { t } = useTranslation();
  const label = weekdayLabel(weekday);
  if (label.kind !== 'days') return <>{t(`door-display.cycle.${label.kind}`)}</>;
  const ordered = WEEK_ORDER.filter((day) => label.days.includes(day));
  return <>{ordered.map((day) => t(`door-display.weekdays.${day}`)).join(', ')}</>;
}

/**
 * A display's light cycles (spec 001 sections 4, 5 and 9): one entry edited at a time, a new one
 * starting at 08:00-18:00 Monday to Friday; cancelling a new entry removes it; the add button only
 * while the display has no cycle; deleting asks first, and so do closing and cancelling while an
 * entry's changes are not saved.
 */
export function LightCycleDrawer({ device, onClose }: LightCycleDrawerProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [isDirty, setDirty] = useState(false);
  const { confirmLeave } = useUnsavedChanges(device !== null && isDirty);
  return (
    <Drawer
      open={device !== null}
      onClose={() => confirmLeave(onClose)}
      destroyOnHidden
      size={isNarrow ? '100%' : 520}
      title={device ? t('door-display.cycle.title', { name: device.name }) : ''}
      data-testid="light-cycle-drawer"
    >
      {device ? <LightCycleEditor deviceId={device.id} onDirtyChange={setDirty} /> : null}
    </Drawer>
  );
}

interface LightCycleEditorProps {
  deviceId: number;
  /** Told whether the entry being edited differs from where it started. */
  onDirtyChange: (isDirty: boolean) => void;
}

function LightCycleEditor({ deviceId, onDirtyChange }: LightCycleEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cycles = useLightCycles(deviceId);
  const add = useAddLightCycle();
  const update = useUpdateLightCycle();
  const remove = useDeleteLightCycle();
  // The entry being edited, and the values it started from.
  const [draft, setDraft] = useState<Draft | null>(null);
  const [started, setStarted] = useState<Draft | null>(null);
  const list = cycles.data ?? [];
  const isSaving = add.isPending || update.isPending;
  const isDirty = draft !== null && started !== null && !sameDraft(draft, started);
  const { confirmLeave } = useUnsavedChanges(isDirty);
  useEffect(() => {
    onDirtyChange(isDirty);
    return () => onDirtyChange(false);
  }, [isDirty, onDirtyChange]);

  const start = (entry: Draft) => {
    setDraft(entry);
    setStarted(entry);
  };
  const startNew = () =>
    start({
      id: null,
      days: LIGHT_CYCLE.defaults.weekday.split(',').map(Number),
      range: [timeToStep(LIGHT_CYCLE.defaults.startTime), timeToStep(LIGHT_CYCLE.defaults.endTime)],
    });
  const startEdit = (cycle: LightCycle) =>
    start({ id: cycle.id, days: cycle.weekday.split(',').map(Number), range: [timeToStep(cycle.startTime), timeToStep(cycle.endTime)] });

  const save = async () => {
    if (!draft) return;
    if (draft.days.length === 0) {
      void message.warning(t('door-display.cycle.pickDay'));
      return;
    }
    if (draft.range[0] >= draft.range[1]) {
      void message.warning(t('door-display.cycle.startBeforeEnd'));
      return;
    }
    const body = { deviceId, weekday: weekdaysToString(draft.days), startTime: stepToTime(draft.range[0]), endTime: stepToTime(draft.range[1]) };
    if (draft.id === null) {
      await add.mutateAsync(body);
      void message.success(t('door-display.cycle.added'));
    } else {
      await update.mutateAsync({ ...body, id: draft.id });
      void message.success(t('door-display.cycle.updated'));
    }
    setDraft(null);
  };

  const del = async (id: number) => {
    await remove.mutateAsync(id);
    void message.success(t('door-display.cycle.deleted'));
  };

  const editor = (current: Draft) => (
    <Card size="small" className="atrium-door-cycle" data-testid="light-cycle-editor">
      <Typography.Text strong>{t('door-display.cycle.days')}</Typography.Text>
      <Checkbox.Group
        className="atrium-door-cycle-days"
        value={current.days}
        onChange={(days) => setDraft({ ...current, days: days as number[] })}
        options={WEEK_ORDER.map((day) => ({ value: day, label: t(`door-display.weekdays.${day}`) }))}
        data-testid="light-cycle-days"
      />
      <Typography.Text strong>
        {t('door-display.cycle.hours')}: <span data-testid="light-cycle-range">{stepToTime(current.range[0])} - {stepToTime(current.range[1])}</span>
      </Typography.Text>
      <Slider
        range
        min={0}
        max={LIGHT_CYCLE.steps}
        step={1}
        marks={SLIDER_MARKS}
        value={current.range}
        onChange={(range: number[]) => setDraft({ ...current, range: [range[0] ?? 0, range[1] ?? 0] })}
        tooltip={{ formatter: (step) => stepToTime(step ?? 0) }}
        className="atrium-door-cycle-slider"
        data-testid="light-cycle-slider"
      />
      <Space>
        <Button onClick={() => confirmLeave(() => setDraft(null))} data-testid="light-cycle-cancel">
          {t('common.actions.cancel')}
        </Button>
        <Button type="primary" loading={isSaving} onClick={() => void save().catch(() => undefined)} data-testid="light-cycle-save">
          {t('door-display.actions.save')}
        </Button>
      </Space>
    </Card>
  );

  if (cycles.isPending) return <Spin />;
  return (
    <div className="atrium-door-cycles">
      <Typography.Paragraph type="secondary">{t('door-display.cycle.intro')}</Typography.Paragraph>
      {list.length === 0 && draft === null ? <EmptyState description={t('door-display.cycle.none')} /> : null}
      {list.map((cycle) =>
        draft?.id === cycle.id ? (
          <div key={cycle.id}>{editor(draft)}</div>
        ) : (
          <Card key={cycle.id} size="small" className="atrium-door-cycle" data-testid={`light-cycle-${cycle.id}`}>
            <div className="atrium-door-cycle-row">
              <span>
                <Tag color="blue" data-testid="light-cycle-days-label">
                  <WeekdayText weekday={cycle.weekday} />
                </Tag>
                <span data-testid="light-cycle-hours">
                  {cycle.startTime} - {cycle.endTime}
                </span>
              </span>
              <Space>
                <Button size="small" icon={<EditOutlined />} disabled={draft !== null} onClick={() => startEdit(cycle)} data-testid="light-cycle-edit">
                  {t('door-display.actions.edit')}
                </Button>
                <Popconfirm
                  title={t('door-display.cycle.confirmDelete')}
                  okText={t('door-display.actions.delete')}
                  cancelText={t('common.actions.cancel')}
                  okButtonProps={{ danger: true, 'data-testid': 'light-cycle-delete-ok' }}
                  onConfirm={() => del(cycle.id).catch(() => undefined)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} disabled={draft !== null} data-testid="light-cycle-delete">
                    {t('door-display.actions.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            </div>
          </Card>
        ),
      )}
      {draft?.id === null ? editor(draft) : null}
      {list.length === 0 && draft === null ? (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={startNew} data-testid="light-cycle-add">
          {t('door-display.cycle.add')}
        </Button>
      ) : null}
    </div>
  );
}
