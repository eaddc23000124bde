import { SMART_ROOM_LIMITS, type SmartControl, type SmartRoomControlBody, type SmartRoomDetail, type SmartRoomDevice, type SmartRoomSettingsBody } from '@atrium/contract';
import { App, Button, Drawer, Select, Slider, Space, Spin, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NumberInput } from '../../../shared/ui/number-input';
import { useSaveSmartRoomSettings, useSmartRoom, useSmartRoomControl } from '../api/smart-room.api';
import { DeviceStatusBadge, PresenceTag, RoomStateBadge } from './smart-status';

export interface RoomControlDrawerProps {
  roomId: number | null;
  canEdit: boolean;
  onClose: () => void;
}

/** A room's control panel (/smart-location): its settings, and each device's properties with the acknowledged values. */
export function RoomControlDrawer({ roomId, canEdit, onClose }: RoomControlDrawerProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const room = useSmartRoom(roomId);
  return (
    <Drawer
      open={roomId !== null}
      onClose={onClose}
      destroyOnHidden
      size={isNarrow ? '100%' : 560}
      title={room.data ? t('smart-room.drawer.title', { name: room.data.name }) : ''}
      data-testid="smart-room-drawer"
    >
      {room.data ? <RoomPanel room={room.data} canEdit={canEdit} /> : <Spin />}
    </Drawer>
  );
}

function RoomPanel({ room, canEdit }: { room: SmartRoomDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="atrium-smart-panel">
      <Space wrap>
        <RoomStateBadge state={room.state} testId="smart-panel-state" />
        <PresenceTag presence={room.presence} testId="smart-panel-presence" />
      </Space>
      <Typography.Paragraph type="secondary">{room.path}</Typography.Paragraph>
      {/* Keyed by the saved values: a save or another editor's change starts the form afresh. */}
      <RoomSettings key={`${room.enabled}-${room.responseDelaySeconds}-${room.presenceCheckIn}-${room.ghostRelease}-${room.ghostGraceMinutes}`} room={room} canEdit={canEdit} />
      <Typography.Title level={2} className="atrium-smart-section">
        {t('smart-room.drawer.devices')}
      </Typography.Title>
      {!canEdit ? <Typography.Paragraph type="secondary">{t('smart-room.drawer.readOnly')}</Typography.Paragraph> : null}
      {room.deviceList.length === 0 ? <EmptyState description={t('smart-room.card.noDevices')} /> : null}
      {room.deviceList.map((device) => (
        <DevicePanel key={device.id} roomId={room.roomId} device={device} canEdit={canEdit} />
      ))}
    </div>
  );
}

function RoomSettings({ room, canEdit }: { room: SmartRoomDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveSmartRoomSettings(room.roomId);
  const [values, setValues] = useState<SmartRoomSettingsBody>({
    enabled: room.enabled,
    responseDelaySeconds: room.responseDelaySeconds,
    presenceCheckIn: room.presenceCheckIn,
    ghostRelease: room.ghostRelease,
    ghostGraceMinutes: room.ghostGraceMinutes,
  });
  const set = <K extends keyof SmartRoomSettingsBody>(key: K, value: SmartRoomSettingsBody[K]) => setValues((current) => ({ ...current, [key]: value }));
  const isValid = [values.responseDelaySeconds, values.ghostGraceMinutes].every((value) => value !== null && !Number.isNaN(value));
  const isChanged = (Object.keys(values) as (keyof SmartRoomSettingsBody)[]).some((key) => values[key] !== room[key]);
  const toggle = (key: 'enabled' | 'presenceCheckIn' | 'ghostRelease', id: string) => (
    <div className="atrium-smart-setting-row">
      <label htmlFor={id}>{t(`smart-room.drawer.${key}`)}</label>
      <Switch id={id} checked={values[key]} disabled={!canEdit} onChange={(checked) => set(key, checked)} data-testid={id} />
    </div>
  );
  return (
    <section className="atrium-smart-settings" aria-label={t('smart-room.drawer.settings')}>
      <Typography.Title level={2} className="atrium-smart-section">
        {t('smart-room.drawer.settings')}
      </Typography.Title>
      {toggle('enabled', 'smart-settings-enabled')}
      <div className="atrium-smart-setting-row">
        <label htmlFor="smart-settings-delay">{t('smart-room.drawer.delay')}</label>
        <NumberInput
          id="smart-settings-delay"
          min={0}
          max={SMART_ROOM_LIMITS.responseDelayMaxSeconds}
          value={values.responseDelaySeconds}
          onChange={(value) => set('responseDelaySeconds', value ?? Number.NaN)}
          disabled={!canEdit}
          className="atrium-smart-number-input"
          data-testid="smart-settings-delay"
        />
      </div>
      {toggle('presenceCheckIn', 'smart-settings-presence-check-in')}
      {toggle('ghostRelease', 'smart-settings-ghost-release')}
      <div className="atrium-smart-setting-row">
        <label htmlFor="smart-settings-grace">{t('smart-room.drawer.ghostGraceMinutes')}</label>
        <NumberInput
          id="smart-settings-grace"
          min={SMART_ROOM_LIMITS.ghostGraceMinMinutes}
          max={SMART_ROOM_LIMITS.ghostGraceMaxMinutes}
          value={values.ghostGraceMinutes}
          onChange={(value) => set('ghostGraceMinutes', value ?? Number.NaN)}
          disabled={!canEdit || !values.ghostRelease}
          className="atrium-smart-number-input"
          data-testid="smart-settings-grace"
        />
      </div>
      <Typography.Paragraph type="secondary" className="atrium-smart-hint" data-testid="smart-settings-absence">
        {t(room.canTellAbsence ? 'smart-room.drawer.canTellAbsence' : 'smart-room.drawer.cannotTellAbsence')}
      </Typography.Paragraph>
      {canEdit ? (
        <Button
          type="primary"
          disabled={!isValid || !isChanged}
          loading={save.isPending}
          onClick={() =>
            void save.mutateAsync(values).then(() => {
              void message.success(t('smart-room.drawer.saved'));
            })
          }
          data-testid="smart-settings-save"
        >
          {t('smart-room.drawer.save')}
        </Button>
      ) : null}
    </section>
  );
}

function DevicePanel({ roomId, device, canEdit }: { roomId: number; device: SmartRoomDevice; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const control = useSmartRoomControl(roomId);
  const [sending, setSending] = useState<string | null>(null);
  const isReachable = device.status === 'online' || device.status === 'partially_online';

  const send = async (entry: SmartControl, value: SmartRoomControlBody['value']) => {
    const key = `${entry.node}/${entry.property}`;
    setSending(key);
    try {
      const answer = await control.mutateAsync({ deviceId: device.id, node: entry.node, property: entry.property, value });
      const name = `${device.name} · ${propertyLabel(t, entry)}`;
      if (answer.result === 'acked') void message.success(t('smart-room.control.acked', { name }));
      else if (answer.result === 'failed') void message.error(t('smart-room.control.failed', { name }));
      else void message.warning(t('smart-room.control.timeout', { name }));
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSending(null);
    }
  };

  return (
    <section className="atrium-smart-device" aria-label={device.name} data-testid={`smart-device-${device.id}`}>
      <div className="atrium-smart-device-head">
        <Typography.Text strong>{device.name}</Typography.Text>
        <Typography.Text type="secondary">{t(`smart-room.kind.${device.kind}`)}</Typography.Text>
        <DeviceStatusBadge status={device.status} testId={`smart-device-status-${device.id}`} />
      </div>
      <Typography.Text type="secondary" className="atrium-smart-seen">
        {device.lastSeenAt ? t('smart-room.drawer.lastSeen', { time: dayjs(device.lastSeenAt).format('YYYY-MM-DD HH:mm:ss') }) : t('smart-room.drawer.never')}
      </Typography.Text>
      {device.controls.length === 0 ? <Typography.Paragraph type="secondary">{t('smart-room.drawer.noControls')}</Typography.Paragraph> : null}
      <ul className="atrium-smart-controls">
        {device.controls.map((entry) => {
          const key = `${entry.node}/${entry.property}`;
          return (
            <li key={key} className="atrium-smart-control">
              <span className="atrium-smart-control-label">{propertyLabel(t, entry)}</span>
              <ControlValue
                entry={entry}
                testId={`smart-control-${device.id}-${entry.node}-${entry.property}`}
                canSet={canEdit && entry.settable && isReachable && sending === null}
                isSending={sending === key}
                onSend={(value) => void send(entry, value)}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A property's name: the catalogue's word, the node's id first where a device has several of a kind (outlets). */
function propertyLabel(t: Translate, entry: SmartControl): string {
  const name = t(`smart-room.property.${entry.property}`, { defaultValue: entry.property });
  return entry.nodeType === 'power' ? `${entry.node} · ${name}` : name;
}

/** Homie `$format` `min:max` of a number, with defaults for percentages. */
function rangeOf(entry: SmartControl): { min: number; max: number } {
  const match = entry.format?.match(/^(-?[\d.]*):(-?[\d.]*)$/);
  const min = match?.[1] ? Number(match[1]) : 0;
  const max = match?.[2] ? Number(match[2]) : 100;
  return { min, max };
}

interface ControlValueProps {
  entry: SmartControl;
  testId: string;
  canSet: boolean;
  isSending: boolean;
  onSend: (value: SmartRoomControlBody['value']) => void;
}

/** The acknowledged value of a property, and where it can be set, the input that sets it. */
function ControlValue({ entry, testId, canSet, isSending, onSend }: ControlValueProps) {
  const { t } = useTranslation();
  const label = propertyLabel(t, entry);
  // The slider's position while dragged, with the value it started from: a new acknowledged value replaces it.
  const [draft, setDraft] = useState<{ from: string | null; value: number } | null>(null);
  const dragged = draft !== null && draft.from === entry.value ? draft.value : null;
  const shown = entry.value === null ? '—' : `${t(`smart-room.value.${entry.value}`, { defaultValue: entry.value })}${entry.unit ? ` ${entry.unit}` : ''}`;

  if (entry.settable && entry.datatype === 'boolean') {
    return (
      <Switch
        checked={entry.value === 'true'}
        disabled={!canSet}
        loading={isSending}
        checkedChildren={t('smart-room.control.on')}
        unCheckedChildren={t('smart-room.control.off')}
        onChange={(checked) => onSend(checked)}
        aria-label={label}
        data-testid={testId}
      />
    );
  }
  if (entry.settable && entry.datatype === 'enum' && entry.format) {
    return (
      <Select
        value={entry.value ?? undefined}
        disabled={!canSet}
        loading={isSending}
        options={entry.format.split(',').map((value) => ({ value, label: t(`smart-room.value.${value}`, { defaultValue: value }) }))}
        onChange={(value: string) => onSend(value)}
        aria-label={label}
        className="atrium-smart-select"
        data-testid={testId}
      />
    );
  }
  if (entry.settable && (entry.datatype === 'integer' || entry.datatype === 'float')) {
    const { min, max } = rangeOf(entry);
    const current = entry.value === null ? min : Number(entry.value);
    return (
      <div className="atrium-smart-number" data-testid={testId}>
        <Slider
          min={min}
          max={max}
          step={entry.datatype === 'integer' ? 1 : 0.5}
          value={dragged ?? current}
          disabled={!canSet}
          onChange={(value: number) => setDraft({ from: entry.value, value })}
          onChangeComplete={(value: number) => onSend(value)}
          ariaLabelForHandle={label}
        />
        <Typography.Text className="atrium-smart-number-value" data-testid={`${testId}-value`}>
          {isSending ? t('smart-room.control.sending') : shown}
        </Typography.Text>
      </div>
    );
  }
  return <Typography.Text data-testid={testId}>{shown}</Typography.Text>;
}
