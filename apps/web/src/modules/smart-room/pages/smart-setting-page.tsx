import { DeleteOutlined, EditOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { hasPermission, SCENE_TRIGGERS, SMART_PLAN_LIMITS, type SceneTrigger, type SmartControl, type SmartPlanEntry, type SmartRoomDevice, type SmartSceneAction, type SmartScenes } from '@atrium/contract';
import { App, Button, Card, Checkbox, Popconfirm, Select, Slider, Space, Switch, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useRunSmartScene, useSaveSmartPlan, useSaveSmartScenes, useSmartPlan, useSmartRoom, useSmartRooms, useSmartScenes } from '../api/smart-room.api';
import '../smart-room.css';

/** Days as the spec numbers them: 1 = Monday ... 7 = Sunday. */
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Times a plan entry may start or end: every quarter of an hour. */
const TIMES = Array.from({ length: 96 }, (_, index) => `${String(Math.floor(index / 4)).padStart(2, '0')}:${String((index % 4) * 15).padStart(2, '0')}`);

/** /smart-setting: a room's smart plan and its two scenes. */
export function SmartSettingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const rooms = useSmartRooms({});
  const [roomId, setRoomId] = useState<number | null>(null);
  return (
    <div className="atrium-page" data-testid="page-smart-setting">
      <PageHeader title={t('smart-room.setting.title')} subtitle={t('smart-room.setting.subtitle')} />
      <Card className="atrium-card">
        <div className="atrium-toolbar">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={roomId ?? undefined}
            onChange={(value: number) => setRoomId(value)}
            options={(rooms.data ?? []).map((room) => ({ value: room.roomId, label: room.path ? `${room.name} (${room.path})` : room.name }))}
            placeholder={t('smart-room.setting.pickRoom')}
            aria-label={t('smart-room.setting.pickRoom')}
            className="atrium-smart-room-pick"
            data-testid="smart-setting-room"
          />
        </div>
        {roomId === null ? (
          <EmptyState description={t('smart-room.setting.pickRoomFirst')} />
        ) : (
          <Tabs
            items={[
              { key: 'plan', label: t('smart-room.setting.planTab'), children: <PlanEditor key={roomId} roomId={roomId} canEdit={canEdit} /> },
              { key: 'scenes', label: t('smart-room.setting.scenesTab'), children: <ScenesEditor key={roomId} roomId={roomId} canEdit={canEdit} /> },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

interface Draft {
  /** The entry's place in the list; null for a new one. */
  index: number | null;
  entry: SmartPlanEntry;
}

/** The plan: one entry edited at a time, locally; each confirmation saves the whole list (spec 001 section 4). */
function PlanEditor({ roomId, canEdit }: { roomId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const plan = useSmartPlan(roomId);
  const save = useSaveSmartPlan(roomId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const entries = plan.data?.entries ?? [];
  const dayName = (day: number) => t(`smart-room.setting.days.${day}`);

  const saveList = async (list: SmartPlanEntry[], done: string) => {
    await save.mutateAsync({ entries: list });
    void message.success(t(done));
  };
  const confirm = () => {
    if (!draft) return;
    const list = draft.index === null ? [...entries, draft.entry] : entries.map((entry, index) => (index === draft.index ? draft.entry : entry));
    void saveList(list, 'smart-room.setting.planSaved').then(() => setDraft(null));
  };
  const isDraftValid = draft !== null && draft.entry.dayOfWeek.length > 0 && draft.entry.startTime < draft.entry.endTime;

  return (
    <section aria-label={t('smart-room.setting.planTab')}>
      <Typography.Paragraph type="secondary">{t('smart-room.setting.planIntro')}</Typography.Paragraph>
      {entries.length === 0 && draft === null ? <EmptyState description={t('smart-room.setting.noPlan')} /> : null}
      <ul className="atrium-smart-plan" data-testid="smart-plan-list">
        {entries.map((entry, index) =>
          draft?.index === index ? null : (
            <li key={`${entry.startTime}-${entry.endTime}-${entry.dayOfWeek.join()}`} className="atrium-smart-plan-entry" data-testid={`smart-plan-entry-${index}`}>
              <Space wrap>
                {entry.dayOfWeek.map((day) => (
                  <Tag key={day}>{dayName(day)}</Tag>
                ))}
              </Space>
              <span>
                {entry.startTime} – {entry.endTime}
              </span>
              {canEdit && draft === null ? (
                <Space>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setDraft({ index, entry })} aria-label={t('smart-room.setting.editEntry')} data-testid={`smart-plan-edit-${index}`} />
                  <Popconfirm title={t('smart-room.setting.deleteEntry')} onConfirm={() => void saveList(entries.filter((_, at) => at !== index), 'smart-room.setting.planSaved')}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('smart-room.setting.deleteEntry')} data-testid={`smart-plan-delete-${index}`} />
                  </Popconfirm>
                </Space>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {draft ? (
        <div className="atrium-smart-plan-editor" data-testid="smart-plan-editor">
          <Checkbox.Group
            value={draft.entry.dayOfWeek}
            onChange={(days) => setDraft({ ...draft, entry: { ...draft.entry, dayOfWeek: (days as number[]).sort((a, b) => a - b) } })}
            options={DAYS.map((day) => ({ value: day, label: dayName(day) }))}
            aria-label={t('smart-room.setting.daysLabel')}
          />
          <Space wrap>
            <Select value={draft.entry.startTime} options={TIMES.map((time) => ({ value: time, label: time }))} onChange={(startTime: string) => setDraft({ ...draft, entry: { ...draft.entry, startTime } })} aria-label={t('smart-room.setting.start')} className="atrium-smart-time" virtual={false} data-testid="smart-plan-start" />
            <span aria-hidden>–</span>
            <Select value={draft.entry.endTime} options={TIMES.map((time) => ({ value: time, label: time }))} onChange={(endTime: string) => setDraft({ ...draft, entry: { ...draft.entry, endTime } })} aria-label={t('smart-room.setting.end')} className="atrium-smart-time" virtual={false} data-testid="smart-plan-end" />
          </Space>
          {draft.entry.startTime >= draft.entry.endTime ? <Typography.Text type="danger">{t('smart-room.setting.endAfterStart')}</Typography.Text> : null}
          {draft.entry.dayOfWeek.length === 0 ? <Typography.Text type="danger">{t('smart-room.setting.pickDay')}</Typography.Text> : null}
          <Space>
            <Button type="primary" disabled={!isDraftValid} loading={save.isPending} onClick={confirm} data-testid="smart-plan-confirm">
              {t('smart-room.setting.confirm')}
            </Button>
            <Button onClick={() => setDraft(null)} data-testid="smart-plan-cancel">
              {t('smart-room.setting.cancel')}
            </Button>
          </Space>
        </div>
      ) : null}
      {canEdit && draft === null && entries.length < SMART_PLAN_LIMITS.entriesMax ? (
        <Button icon={<PlusOutlined />} onClick={() => setDraft({ index: null, entry: { dayOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00' } })} data-testid="smart-plan-add">
          {t('smart-room.setting.addEntry')}
        </Button>
      ) : null}
    </section>
  );
}

/** The settable properties of the room's devices, for the scene steps. */
const settableOf = (device: SmartRoomDevice) => device.controls.filter((control) => control.settable);

/** The two scenes of a room, edited together and saved whole. */
function ScenesEditor({ roomId, canEdit }: { roomId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const scenes = useSmartScenes(roomId);
  const room = useSmartRoom(roomId);
  const save = useSaveSmartScenes(roomId);
  const run = useRunSmartScene(roomId);
  const [edited, setEdited] = useState<SmartScenes | null>(null);
  const current = edited ?? scenes.data ?? { on: [], off: [] };
  const devices = (room.data?.deviceList ?? []).filter((device) => settableOf(device).length > 0);

  const change = (trigger: SceneTrigger, actions: SmartSceneAction[]) => setEdited({ ...current, [trigger]: actions });
  const addStep = (trigger: SceneTrigger) => {
    const device = devices[0];
    const control = device ? settableOf(device)[0] : undefined;
    if (!device || !control) return;
    change(trigger, [...current[trigger], { deviceId: device.id, node: control.node, property: control.property, value: defaultValue(control) }]);
  };

  return (
    <section aria-label={t('smart-room.setting.scenesTab')}>
      <Typography.Paragraph type="secondary">{t('smart-room.setting.scenesIntro')}</Typography.Paragraph>
      {devices.length === 0 && room.data ? <Typography.Paragraph type="secondary">{t('smart-room.setting.noDevices')}</Typography.Paragraph> : null}
      {SCENE_TRIGGERS.map((trigger) => (
        <div key={trigger} className="atrium-smart-scene" data-testid={`smart-scene-${trigger}`}>
          <div className="atrium-smart-scene-head">
            <Typography.Title level={2} className="atrium-smart-section">
              {t(`smart-room.setting.scene.${trigger}`)}
            </Typography.Title>
            {canEdit ? (
              <Button
                size="small"
                icon={<PlayCircleOutlined />}
                disabled={edited !== null || current[trigger].length === 0}
                loading={run.isPending && run.variables === trigger}
                onClick={() => void run.mutateAsync(trigger).then((result) => message.info(t('smart-room.setting.ran', { sent: result.sent, skipped: result.skipped })))}
                data-testid={`smart-scene-run-${trigger}`}
              >
                {t('smart-room.setting.runNow')}
              </Button>
            ) : null}
          </div>
          {current[trigger].length === 0 ? <Typography.Text type="secondary">{t('smart-room.setting.noSteps')}</Typography.Text> : null}
          <ul className="atrium-smart-steps">
            {current[trigger].map((action, index) => (
              <SceneStep
                key={`${trigger}-${index}`}
                testId={`smart-step-${trigger}-${index}`}
                action={action}
                devices={devices}
                canEdit={canEdit}
                onChange={(next) => change(trigger, current[trigger].map((step, at) => (at === index ? next : step)))}
                onRemove={() => change(trigger, current[trigger].filter((_, at) => at !== index))}
              />
            ))}
          </ul>
          {canEdit && devices.length > 0 ? (
            <Button size="small" icon={<PlusOutlined />} onClick={() => addStep(trigger)} disabled={current[trigger].length >= SMART_PLAN_LIMITS.actionsMax} data-testid={`smart-step-add-${trigger}`}>
              {t('smart-room.setting.addStep')}
            </Button>
          ) : null}
        </div>
      ))}
      {canEdit ? (
        <Space className="atrium-smart-scene-actions">
          <Button
            type="primary"
            disabled={edited === null}
            loading={save.isPending}
            onClick={() =>
              void save.mutateAsync(current).then(() => {
                setEdited(null);
                void message.success(t('smart-room.setting.scenesSaved'));
              })
            }
            data-testid="smart-scenes-save"
          >
            {t('smart-room.setting.saveScenes')}
          </Button>
          <Button disabled={edited === null} onClick={() => setEdited(null)} data-testid="smart-scenes-reset">
            {t('smart-room.setting.cancel')}
          </Button>
        </Space>
      ) : null}
    </section>
  );
}

const defaultValue = (control: SmartControl): SmartSceneAction['value'] => {
  if (control.datatype === 'boolean') return true;
  if (control.datatype === 'enum') return control.format?.split(',')[0] ?? '';
  if (control.datatype === 'integer' || control.datatype === 'float') return Number(control.format?.split(':')[0] || 0);
  return control.value ?? '';
};

interface SceneStepProps {
  action: SmartSceneAction;
  devices: SmartRoomDevice[];
  canEdit: boolean;
  testId: string;
  onChange: (action: SmartSceneAction) => void;
  onRemove: () => void;
}

function SceneStep({ action, devices, canEdit, testId, onChange, onRemove }: SceneStepProps) {
  const { t } = useTranslation();
  const device = devices.find((candidate) => candidate.id === action.deviceId);
  const controls = device ? settableOf(device) : [];
  const control = controls.find((candidate) => candidate.node === action.node && candidate.property === action.property);
  const propertyName = (entry: SmartControl) => {
    const name = t(`smart-room.property.${entry.property}`, { defaultValue: entry.property });
    return entry.nodeType === 'power' ? `${entry.node} · ${name}` : name;
  };
  return (
    <li className="atrium-smart-step" data-testid={testId}>
      <Select
        value={action.deviceId}
        disabled={!canEdit}
        options={devices.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        onChange={(deviceId: number) => {
          const next = devices.find((candidate) => candidate.id === deviceId);
          const first = next ? settableOf(next)[0] : undefined;
          if (first) onChange({ deviceId, node: first.node, property: first.property, value: defaultValue(first) });
        }}
        aria-label={t('smart-room.setting.device')}
        className="atrium-smart-step-device"
      />
      <Select
        value={`${action.node}/${action.property}`}
        disabled={!canEdit}
        options={controls.map((entry) => ({ value: `${entry.node}/${entry.property}`, label: propertyName(entry) }))}
        onChange={(key: string) => {
          const next = controls.find((entry) => `${entry.node}/${entry.property}` === key);
          if (next) onChange({ ...action, node: next.node, property: next.property, value: defaultValue(next) });
        }}
        aria-label={t('smart-room.setting.property')}
        className="atrium-smart-step-property"
      />
      <StepValue control={control} value={action.value} disabled={!canEdit} onChange={(value) => onChange({ ...action, value })} />
      {canEdit ? <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('smart-room.setting.removeStep')} /> : null}
    </li>
  );
}

function StepValue({ control, value, disabled, onChange }: { control: SmartControl | undefined; value: SmartSceneAction['value']; disabled: boolean; onChange: (value: SmartSceneAction['value']) => void }) {
  const { t } = useTranslation();
  const label = t('smart-room.setting.value');
  if (!control) return <Typography.Text type="secondary">{String(value)}</Typography.Text>;
  if (control.datatype === 'boolean') {
    return <Switch checked={value === true || value === 'true'} disabled={disabled} onChange={onChange} checkedChildren={t('smart-room.control.on')} unCheckedChildren={t('smart-room.control.off')} aria-label={label} />;
  }
  if (control.datatype === 'enum' && control.format) {
    return (
      <Select
        value={String(value)}
        disabled={disabled}
        options={control.format.split(',').map((option) => ({ value: option, label: t(`smart-room.value.${option}`, { defaultValue: option }) }))}
        onChange={onChange}
        aria-label={label}
        className="atrium-smart-select"
      />
    );
  }
  const [min = 0, max = 100] = (control.format ?? '').split(':').map((part) => (part === '' ? undefined : Number(part)));
  const number = Number(value);
  return (
    <div className="atrium-smart-number">
      <Slider min={min} max={max} step={control.datatype === 'integer' ? 1 : 0.5} value={number} disabled={disabled} onChange={(next: number) => onChange(next)} ariaLabelForHandle={label} />
      <Typography.Text className="atrium-smart-number-value">
        {number}
        {control.unit ? ` ${control.unit}` : ''}
      </Typography.Text>
    </div>
  );
}
