import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AddScreenSettingBody,
  BRIGHTNESS_PLANS,
  DEFAULT_SCREEN_SETTING,
  DOOR_DISPLAY_LIMITS,
  ExitPassword,
  MAX_SINGLE_BOOKING_CHOICES,
  SIGN_IN_MODES,
  type ScreenSetting,
  type ScreenSettingFields,
} from '@atrium/contract';
import { App, Button, Card, Checkbox, Drawer, Form, Input, Popconfirm, Radio, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useAddScreenSetting, useDeleteScreenSetting, useDisplayRooms, useScreenSettings, useUpdateScreenSetting } from '../api/door-display.api';
import { NumberInput, numberRule } from '../../../shared/ui/number-input';
import { EmptyState } from '../../../shared/ui/empty-state';

/** What the drawer opens on: the list of screen groups, or the group of one room. */
export type ScreenSettingsTarget = { kind: 'list' } | { kind: 'room'; roomId: number; roomName: string };

export interface ScreenSettingsDrawerProps {
  target: ScreenSettingsTarget | null;
  canEdit: boolean;
  onClose: () => void;
}

interface FormValues extends ScreenSettingFields {
  title: string;
  roomIds: number[];
  /** Blank keeps the current one when editing. */
  exitPassword?: string;
  removeExitPassword?: boolean;
}

/** Which group is being edited: an existing one, or a new one for some rooms. */
type Editing = { group: ScreenSetting } | { group: null; roomIds: number[]; title: string };

const SWITCHES = [
  'allowBooking',
  'showFutureMeetings',
  'showTitle',
  'showDescription',
  'showParticipants',
  'allowEarlyEnd',
  'allowCancel',
  'ledEnabled',
  'taskLock',
] as const;

/**
 * Booking-screen settings by screen group (spec 001 section 3): one or several rooms share a title
 * and settings; a room belongs to at most one group and otherwise uses the defaults. Closing asks
 * while a group's form holds unsaved changes.
 */
export function ScreenSettingsDrawer({ target, canEdit, onClose }: ScreenSettingsDrawerProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [isDirty, setDirty] = useState(false);
  const { confirmLeave } = useUnsavedChanges(target !== null && isDirty);
  return (
    <Drawer
      open={target !== null}
      onClose={() => confirmLeave(onClose)}
      destroyOnHidden
      size={isNarrow ? '100%' : 560}
      title={t('door-display.settings.title')}
      data-testid="screen-settings-drawer"
    >
      {target ? <ScreenSettingsBody target={target} canEdit={canEdit} onDirtyChange={setDirty} /> : null}
    </Drawer>
  );
}

interface ScreenSettingsBodyProps {
  target: ScreenSettingsTarget;
  canEdit: boolean;
  /** Told whether the group's form holds unsaved changes. */
  onDirtyChange: (isDirty: boolean) => void;
}

function ScreenSettingsBody({ target, canEdit, onDirtyChange }: ScreenSettingsBodyProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const groups = useScreenSettings();
  const remove = useDeleteScreenSetting();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [opened, setOpened] = useState(false);

  // Opened for a room: edit its group, or start one for it (once the groups are known).
  if (!opened && groups.data) {
    setOpened(true);
    if (target.kind === 'room') {
      const group = groups.data.find((candidate) => candidate.rooms.some((room) => room.id === target.roomId));
      setEditing(group ? { group } : { group: null, roomIds: [target.roomId], title: target.roomName.slice(0, DOOR_DISPLAY_LIMITS.groupTitleMax) });
    }
  }

  if (groups.isPending) return <Spin />;
  if (editing) return <ScreenSettingForm editing={editing} groups={groups.data ?? []} canEdit={canEdit} onDone={() => setEditing(null)} onDirtyChange={onDirtyChange} />;

  return (
    <div className="atrium-door-groups">
      <Typography.Paragraph type="secondary">{t('door-display.settings.intro')}</Typography.Paragraph>
      {(groups.data ?? []).length === 0 ? <EmptyState description={t('door-display.settings.none')} /> : null}
      {(groups.data ?? []).map((group) => (
        <Card key={group.id} size="small" className="atrium-door-cycle" data-testid={`screen-group-${group.id}`}>
          <div className="atrium-door-cycle-row">
            <span>
              <strong>{group.title}</strong>
              <br />
              {group.rooms.map((room) => (
                <Tag key={room.id}>{room.name}</Tag>
              ))}
            </span>
            <Space>
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ group })}>
                {canEdit ? t('door-display.actions.edit') : t('door-display.actions.view')}
              </Button>
              {canEdit ? (
                <Popconfirm
                  title={t('door-display.settings.confirmDelete', { title: group.title })}
                  okText={t('door-display.actions.delete')}
                  cancelText={t('common.actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    remove
                      .mutateAsync(group.id)
                      .then(() => void message.success(t('door-display.settings.deleted')))
                      .catch(() => undefined)
                  }
                >
                  <Button size="small" danger icon={<DeleteOutlined />} />
                </Popconfirm>
              ) : null}
            </Space>
          </div>
        </Card>
      ))}
      {canEdit ? (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => setEditing({ group: null, roomIds: [], title: '' })} data-testid="screen-group-add">
          {t('door-display.settings.add')}
        </Button>
      ) : null}
    </div>
  );
}

interface ScreenSettingFormProps {
  editing: Editing;
  groups: ScreenSetting[];
  canEdit: boolean;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}

/** One group's title, rooms and settings; Cancel asks before unsaved changes go. */
function ScreenSettingForm({ editing, groups, canEdit, onDone, onDirtyChange }: ScreenSettingFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const rooms = useDisplayRooms();
  const add = useAddScreenSetting();
  const update = useUpdateScreenSetting();
  const { group } = editing;
  const takenBy = new Map(groups.filter((other) => other.id !== group?.id).flatMap((other) => other.rooms.map((room) => [room.id, other.title] as const)));

  const initial: FormValues = group
    ? { ...DEFAULT_SCREEN_SETTING, ...group, roomIds: group.rooms.map((room) => room.id), exitPassword: '', removeExitPassword: false }
    : { ...DEFAULT_SCREEN_SETTING, title: editing.title, roomIds: editing.roomIds, exitPassword: '' };

  const dirty = useFormDirty(form, { initialValues: initial });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  useEffect(() => {
    onDirtyChange(dirty.isDirty);
    return () => onDirtyChange(false);
  }, [dirty.isDirty, onDirtyChange]);

  const submit = async (values: FormValues) => {
    const { exitPassword, removeExitPassword, ...rest } = values;
    const typed = exitPassword ? exitPassword : null;
    if (group) {
      await update.mutateAsync({ ...rest, id: group.id, ...(removeExitPassword ? { exitPassword: null } : typed ? { exitPassword: typed } : {}) });
      void message.success(t('door-display.settings.saved'));
    } else {
      await add.mutateAsync({ ...rest, exitPassword: typed });
      void message.success(t('door-display.settings.added'));
    }
    onDone();
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={!canEdit}
      onValuesChange={dirty.onValuesChange}
      onFinish={(values) => void submit(values).catch(() => undefined)}
      className="atrium-door-settings-form"
      data-testid="screen-settings-form"
    >
      <Form.Item
        name="title"
        label={t('door-display.settings.groupTitle')}
        rules={[zodRule(AddScreenSettingBody.shape.title, t('door-display.settings.titleRule', { max: DOOR_DISPLAY_LIMITS.groupTitleMax }))]}
      >
        <Input maxLength={DOOR_DISPLAY_LIMITS.groupTitleMax} showCount data-testid="screen-settings-title" />
      </Form.Item>
      <Form.Item name="roomIds" label={t('door-display.settings.rooms')} rules={[{ required: true, type: 'array', min: 1, message: t('door-display.settings.roomsRule') }]}>
        <Select
          mode="multiple"
          loading={rooms.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(rooms.data ?? []).map((room) => ({
            value: room.id,
            label: takenBy.has(room.id) ? `${room.name} (${takenBy.get(room.id)})` : room.name,
            disabled: takenBy.has(room.id),
          }))}
          data-testid="screen-settings-rooms"
        />
      </Form.Item>
      <div className="atrium-door-switches">
        {SWITCHES.map((name) => (
          <Form.Item key={name} name={name} valuePropName="checked" label={t(`door-display.settings.fields.${name}`)} className="atrium-door-switch">
            <Switch data-testid={`screen-settings-${name}`} />
          </Form.Item>
        ))}
      </div>
      <Form.Item name="maxBookingMinutes" label={t('door-display.settings.fields.maxBookingMinutes')}>
        <Select options={MAX_SINGLE_BOOKING_CHOICES.map((value) => ({ value, label: t('door-display.settings.minutes', { count: value }) }))} data-testid="screen-settings-max" />
      </Form.Item>
      <Form.Item
        name="bookAheadDays"
        label={t('door-display.settings.fields.bookAheadDays')}
        rules={[{ required: true, type: 'integer', min: 0, max: DOOR_DISPLAY_LIMITS.bookAheadMaxDays, message: t('door-display.settings.bookAheadRule', { max: DOOR_DISPLAY_LIMITS.bookAheadMaxDays }) }]}
      >
        <NumberInput min={0} max={DOOR_DISPLAY_LIMITS.bookAheadMaxDays} suffix={t('door-display.settings.days')} style={{ width: 160 }} data-testid="screen-settings-ahead" />
      </Form.Item>
      <Space wrap>
        <Form.Item name="signInBeforeMinutes" label={t('door-display.settings.fields.signInBeforeMinutes')} rules={[{ required: true, message: t('common.number.range', { min: 0, max: DOOR_DISPLAY_LIMITS.signInWindowMaxMinutes }) }, numberRule(t, { min: 0, max: DOOR_DISPLAY_LIMITS.signInWindowMaxMinutes })]}>
          <NumberInput min={0} max={DOOR_DISPLAY_LIMITS.signInWindowMaxMinutes} suffix={t('door-display.settings.min')} style={{ width: 160 }} data-testid="screen-settings-sign-in-before" />
        </Form.Item>
        <Form.Item name="signInAfterMinutes" label={t('door-display.settings.fields.signInAfterMinutes')} rules={[{ required: true, message: t('common.number.range', { min: 0, max: DOOR_DISPLAY_LIMITS.signInWindowMaxMinutes }) }, numberRule(t, { min: 0, max: DOOR_DISPLAY_LIMITS.signInWindowMaxMinutes })]}>
          <NumberInput min={0} max={DOOR_DISPLAY_LIMITS.signInWindowMaxMinutes} suffix={t('door-display.settings.min')} style={{ width: 160 }} data-testid="screen-settings-sign-in-after" />
        </Form.Item>
      </Space>
      <Form.Item name="signInModes" label={t('door-display.settings.fields.signInModes')} rules={[{ required: true, type: 'array', min: 1, message: t('door-display.settings.signInRule') }]}>
        <Checkbox.Group options={SIGN_IN_MODES.map((mode) => ({ value: mode, label: t(`door-display.settings.signInModes.${mode}`) }))} data-testid="screen-settings-modes" />
      </Form.Item>
      <Form.Item name="brightnessPlan" label={t('door-display.settings.fields.brightnessPlan')}>
        <Radio.Group options={BRIGHTNESS_PLANS.map((plan) => ({ value: plan, label: t(`door-display.settings.brightnessPlans.${plan}`) }))} />
      </Form.Item>
      <Form.Item
        name="exitPassword"
        label={t('door-display.settings.fields.exitPassword')}
        extra={group?.hasExitPassword ? t('door-display.settings.exitPasswordKept') : t('door-display.settings.exitPasswordHint')}
        rules={[{ validator: (_rule, value: string | undefined) => (!value || ExitPassword.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t('door-display.settings.sixDigits')))) }]}
      >
        <Input.Password maxLength={6} inputMode="numeric" autoComplete="new-password" data-testid="screen-settings-exit" />
      </Form.Item>
      {group?.hasExitPassword ? (
        <Form.Item name="removeExitPassword" valuePropName="checked">
          <Checkbox>{t('door-display.settings.removeExitPassword')}</Checkbox>
        </Form.Item>
      ) : null}
      <Space>
        <Button disabled={false} onClick={() => confirmLeave(onDone)} data-testid="screen-settings-cancel">
          {t('common.actions.cancel')}
        </Button>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={add.isPending || update.isPending} data-testid="screen-settings-save">
            {t('door-display.actions.save')}
          </Button>
        ) : null}
      </Space>
    </Form>
  );
}
