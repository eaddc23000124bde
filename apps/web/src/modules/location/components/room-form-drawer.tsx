import { DeleteOutlined } from '@ant-design/icons';
import {
  hasPermission,
  ROOM_CAPACITY_MAX,
  ROOM_EQUIPMENT,
  RoomFields,
  SIGN_IN_MINUTES_MAX,
  TEXT_MAX,
  type AddMeetingRoomBody,
  type LocationNode,
  type Room,
  type RoomType,
} from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Divider, Drawer, Form, Input, List, Radio, Select, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { CalendarFeedPanel } from '../../../shared/calendar-feed/calendar-feed-panel';
import { useSession } from '../../../shared/session/session-context';
import { ImageUpload } from '../../../shared/ui/image-upload';
import { DoorDisplayTag } from './room-list';
import { locationKeys, useAddDisablePeriod, useAddRoom, useDeleteDisablePeriod, useDisablePeriods, useRoomTypes, useUpdateRoom } from '../api/location.api';
import { NumberInput, numberRule } from '../../../shared/ui/number-input';
import { tableEmpty } from '../../../shared/ui/empty-state';

type Values = Omit<AddMeetingRoomBody, 'floorId'> & { floorId?: number };

/** Every floor with its path, for the floor picker. */
function useFloors() {
  return useQuery({
    queryKey: [...locationKeys.all, 'floors'],
    queryFn: ({ signal }) => api.get<LocationNode[]>('/location/getLocationTree', { query: { level: 6 }, signal }),
    select: (nodes) => {
      const floors: Array<{ value: number; label: string }> = [];
      const walk = (list: LocationNode[], path: string[]) => {
        for (const node of list) {
          if (node.level === 6) floors.push({ value: node.id, label: [...path, node.locationName].join(' / ') });
          walk(node.childList, [...path, node.locationName]);
        }
      };
      walk(nodes, []);
      return floors;
    },
  });
}

const DEFAULTS: Partial<Values> = {
  equipment: [],
  isAvailable: true,
  needsApproval: false,
  signInEnabled: false,
  signInWay: 'manual',
  signInBeforeMinutes: 10,
  signInAfterMinutes: 15,
  oneClickStart: false,
  oneClickEnd: false,
  bindExternalRooms: false,
};

export interface RoomFormDrawerProps {
  /** The room being edited; null to add one (on `floorId` when given). */
  room: Room | null;
  floorId: number | null;
  onClose: () => void;
}

/**
 * The room form (spec 001 section 3): every field, sign-in settings when sign-in is on, and the room's
 * disable periods. Closing asks while the form, or a disable period being entered, is not saved.
 */
export function RoomFormDrawer({ room, floorId, onClose }: RoomFormDrawerProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const floors = useFloors();
  const types = useRoomTypes();
  const add = useAddRoom();
  const update = useUpdateRoom();
  const signInEnabled = Form.useWatch('signInEnabled', form);
  const [isPeriodDirty, setPeriodDirty] = useState(false);

  const typeOptions = useMemo(() => {
    const kind = room ? (room.roomTypeKind ?? 'standard') : null;
    return (types.data ?? []).map((type: RoomType) => ({
      value: type.id,
      label: `${type.name}${type.kind === 'zoom' ? ' (Zoom)' : ''}`,
      // A room keeps types of its kind (Zoom or standard); disabled types are not offered to more rooms.
      disabled: (kind !== null && type.kind !== kind) || (!type.isEnabled && type.id !== room?.roomTypeId),
    }));
  }, [types.data, room]);

  const initialValues: Partial<Values> = room
    ? {
        name: room.name,
        floorId: room.floorId ?? undefined,
        capacity: room.capacity,
        roomTypeId: room.roomTypeId,
        backgroundImage: room.backgroundImage,
        equipment: room.equipment as Values['equipment'],
        isAvailable: room.isAvailable,
        needsApproval: room.needsApproval,
        signInEnabled: room.signInEnabled,
        signInWay: room.signInWay,
        signInBeforeMinutes: room.signInBeforeMinutes,
        signInAfterMinutes: room.signInAfterMinutes,
        oneClickStart: room.oneClickStart,
        oneClickEnd: room.oneClickEnd,
        videoLink: room.videoLink ?? '',
        calendarResource: room.calendarResource ?? '',
        bindExternalRooms: room.bindExternalRooms,
      }
    : { ...DEFAULTS, ...(floorId ? { floorId } : {}) };
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty || isPeriodDirty);
  const cancel = () => confirmLeave(onClose);

  const submit = (values: Values) => {
    const body = { ...DEFAULTS, ...values, roomTypeId: values.roomTypeId ?? null, videoLink: values.videoLink || null, calendarResource: values.calendarResource || null };
    const done = () => {
      void message.success(t('location.room.saved'));
      onClose();
    };
    if (room) update.mutate({ ...body, id: room.id } as Parameters<typeof update.mutate>[0], { onSuccess: done });
    else add.mutate({ ...body, floorId: values.floorId! } as AddMeetingRoomBody, { onSuccess: done });
  };

  return (
    <Drawer
      open
      title={room ? t('location.room.editTitle', { name: room.name }) : t('location.room.addTitle')}
      size={isNarrow ? '100%' : '40%'}
      onClose={cancel}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={cancel} data-testid="room-cancel">
            {t('location.actions.cancel')}
          </Button>
          <Button type="primary" loading={add.isPending || update.isPending} onClick={() => form.submit()} data-testid="room-save">
            {t('location.actions.save')}
          </Button>
        </Space>
      }
      data-testid="room-drawer"
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} onValuesChange={dirty.onValuesChange} data-testid="room-form">
        <Form.Item name="name" label={t('location.room.name')} required rules={[zodRule(RoomFields.shape.name, t('location.room.nameRequired'))]}>
          <Input maxLength={TEXT_MAX} data-testid="room-name" />
        </Form.Item>
        <Form.Item name="floorId" label={t('location.room.floor')} rules={[{ required: true, message: t('location.room.floorRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={floors.data ?? []} loading={floors.isPending} disabled={room !== null} data-testid="room-floor" />
        </Form.Item>
        <Form.Item
          name="capacity"
          label={t('location.room.capacity')}
          required
          rules={[{ required: true, message: t('location.room.capacityRequired') }, numberRule(t, { min: 1, max: ROOM_CAPACITY_MAX })]}
        >
          <NumberInput min={1} max={ROOM_CAPACITY_MAX} data-testid="room-capacity" />
        </Form.Item>
        <Form.Item name="roomTypeId" label={t('location.room.type')} extra={room ? t('location.room.typeZoomLocked') : undefined}>
          <Select allowClear={room?.roomTypeKind !== 'zoom'} options={typeOptions} loading={types.isPending} data-testid="room-type" />
        </Form.Item>
        <Form.Item name="equipment" label={t('location.room.equipment')}>
          <Select mode="multiple" options={ROOM_EQUIPMENT.map((item) => ({ value: item, label: t(`location.equipment.${item}`) }))} data-testid="room-equipment" />
        </Form.Item>
        <Form.Item name="backgroundImage" label={t('location.room.backgroundImage')}>
          <ImageUpload kind="image" testId="room-background" preview={(value) => (value ? <img src={value} alt="" className="room-background-preview" /> : <span className="room-background-preview location-icon-empty" />)} />
        </Form.Item>
        <Divider titlePlacement="start">{t('location.room.settings')}</Divider>
        <div className="room-switches">
          {(['isAvailable', 'needsApproval', 'signInEnabled', 'oneClickStart', 'oneClickEnd', 'bindExternalRooms'] as const).map((field) => (
            <Form.Item key={field} name={field} label={t(`location.room.${field}`)} valuePropName="checked" className="room-switch">
              <Switch data-testid={`room-${field}`} />
            </Form.Item>
          ))}
        </div>
        {room ? (
          // Not a switch: whether a screen works at the door follows the room's door displays.
          <Form.Item label={t('location.room.doorDisplay')} extra={t('location.room.doorDisplayHint')}>
            <span data-testid="room-door-display-status">
              {room.doorDisplayStatus === 'none' ? t('location.rooms.screen.none') : <DoorDisplayTag room={room} testId="room-door-display-tag" />}
            </span>
          </Form.Item>
        ) : null}
        {signInEnabled ? (
          <div className="room-sign-in" data-testid="room-sign-in-fields">
            <Form.Item name="signInWay" label={t('location.room.signInWay')}>
              <Radio.Group options={[{ value: 'manual', label: t('location.room.signInManual') }, { value: 'qr', label: t('location.room.signInQr') }]} />
            </Form.Item>
            <Form.Item name="signInBeforeMinutes" label={t('location.room.signInBefore')} rules={[numberRule(t, { min: 0, max: SIGN_IN_MINUTES_MAX })]}>
              <NumberInput min={0} max={SIGN_IN_MINUTES_MAX} data-testid="room-sign-in-before" />
            </Form.Item>
            <Form.Item name="signInAfterMinutes" label={t('location.room.signInAfter')} rules={[numberRule(t, { min: 0, max: SIGN_IN_MINUTES_MAX })]}>
              <NumberInput min={0} max={SIGN_IN_MINUTES_MAX} data-testid="room-sign-in-after" />
            </Form.Item>
          </div>
        ) : null}
        <Form.Item name="videoLink" label={t('location.room.videoLink')} rules={[zodRule(RoomFields.shape.videoLink, t('location.room.videoLinkInvalid'))]}>
          <Input maxLength={1000} placeholder="https://" data-testid="room-video-link" />
        </Form.Item>
        <Form.Item name="calendarResource" label={t('location.room.calendarResource')}>
          <Input maxLength={TEXT_MAX} data-testid="room-calendar-resource" />
        </Form.Item>
      </Form>
      {room ? <DisablePeriods roomId={room.id} timeZone={room.timeZone} onDirtyChange={setPeriodDirty} /> : null}
      {room && hasPermission(user.permissions, 'reservationScreens:view') ? (
        <>
          <Divider titlePlacement="start">{t('calendar-feed.roomTitle')}</Divider>
          <CalendarFeedPanel target={{ kind: 'room', roomId: room.id }} canChange={hasPermission(user.permissions, 'reservationScreens:edit')} />
        </>
      ) : null}
    </Drawer>
  );
}

interface DisablePeriodsProps {
  roomId: number;
  timeZone: string | null;
  /** Told whether a period is entered but not added yet. */
  onDirtyChange: (isDirty: boolean) => void;
}

/** The room's disable periods: the list, and a range to add one (the server applies the rules). */
function DisablePeriods({ roomId, timeZone, onDirtyChange }: DisablePeriodsProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const periods = useDisablePeriods(roomId);
  const add = useAddDisablePeriod();
  const remove = useDeleteDisablePeriod();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [reason, setReason] = useState('');
  const format = (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm');
  const isDirty = range !== null || reason !== '';
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = () => {
    add.mutate(
      { roomId, startAt: range?.[0]?.valueOf() ?? null, endAt: range?.[1]?.valueOf() ?? null, reason: reason || null },
      {
        onSuccess: () => {
          void message.success(t('location.periods.added'));
          setRange(null);
          setReason('');
        },
      },
    );
  };

  return (
    <section className="room-periods" data-testid="room-periods">
      <Divider titlePlacement="start">{t('location.periods.title')}</Divider>
      <p className="atrium-muted">
        {t('location.periods.hint')}
        {timeZone ? ` (${timeZone})` : ''}
      </p>
      <Space.Compact block className="room-periods-form">
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={range}
          onChange={(value) => setRange(value as [Dayjs | null, Dayjs | null] | null)}
          aria-label={t('location.periods.time')}
          data-testid="room-period-range"
        />
      </Space.Compact>
      <Space.Compact block className="room-periods-form">
        <Input maxLength={TEXT_MAX} value={reason} onChange={(event) => setReason(event.target.value)} placeholder={t('location.periods.reason')} data-testid="room-period-reason" />
        <Button type="primary" ghost loading={add.isPending} onClick={submit} data-testid="room-period-add">
          {t('location.periods.add')}
        </Button>
      </Space.Compact>
      <List
        size="small"
        dataSource={periods.data ?? []}
        locale={tableEmpty(t('location.periods.empty'))}
        renderItem={(period) => (
          <List.Item
            actions={[
              <Button
                key="delete"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('location.actions.delete')}
                onClick={() =>
                  modal.confirm({
                    title: t('location.periods.deleteTitle'),
                    okButtonProps: { danger: true },
                    okText: t('location.actions.delete'),
                    cancelText: t('location.actions.cancel'),
                    onOk: () => remove.mutateAsync(period.id).catch(() => undefined),
                  })
                }
              />,
            ]}
          >
            <span data-testid="room-period">
              {format(period.startAt)} – {format(period.endAt)}
              {period.reason ? <span className="atrium-muted"> · {period.reason}</span> : null}
            </span>
          </List.Item>
        )}
      />
    </section>
  );
}
