import { BROADCAST_NEVER_ENDS_DAYS, BROADCAST_REPEATS, BROADCAST_TITLE_MAX, type BroadcastNotice, type BroadcastTargetLocation } from '@atrium/contract';
import { App, Button, DatePicker, Drawer, Form, Input, Select, Space, TreeSelect } from 'antd';
import type { ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useBroadcastTargets, useCreateBroadcast, useUpdateBroadcast } from '../api/broadcast.api';
import { newBroadcastFormValues, toBroadcastBody, toBroadcastFormValues, type BroadcastFormValues } from './broadcast-form';
import { ImagePicker } from './image-picker';

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

/** The location list as a tree for the picker. */
function locationTree(locations: BroadcastTargetLocation[]): TreeNode[] {
  const nodes = new Map(locations.map((location) => [location.id, { value: location.id, title: location.name, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const location of locations) {
    const node = nodes.get(location.id)!;
    const parent = location.parentId === null ? undefined : nodes.get(location.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export interface BroadcastDrawerProps {
  /** The notice to change; null for a new one. */
  notice: BroadcastNotice | null;
  onClose: () => void;
}

/** Publish or change a notice: title, image, door displays and locations, start and end, repeat; asks before unsaved changes go. */
export function BroadcastDrawer({ notice, onClose }: BroadcastDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const [form] = Form.useForm<BroadcastFormValues>();
  const targets = useBroadcastTargets();
  const create = useCreateBroadcast();
  const update = useUpdateBroadcast();
  const repeat = Form.useWatch('repeat', form);
  const initialValues = useMemo(() => (notice ? toBroadcastFormValues(notice) : newBroadcastFormValues()), [notice]);
  const tree = useMemo(() => locationTree(targets.data?.locations ?? []), [targets.data]);
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const cancel = () => confirmLeave(onClose);

  async function save() {
    let values: BroadcastFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    const body = toBroadcastBody(values);
    try {
      if (notice) await update.mutateAsync({ ...body, id: notice.id });
      else await create.mutateAsync(body);
      void message.success(notice ? t('broadcast.saved') : t('broadcast.published'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message, 5);
      else throw error;
    }
  }

  return (
    <Drawer
      open
      title={notice ? t('broadcast.editTitle') : t('broadcast.createTitle')}
      size={phone ? '100%' : 640}
      onClose={cancel}
      destroyOnHidden
      footer={
        <Space className="broadcast-drawer-footer">
          <Button onClick={cancel} data-testid="broadcast-cancel">
            {t('broadcast.cancel')}
          </Button>
          <Button type="primary" onClick={() => void save()} loading={create.isPending || update.isPending} {...({ 'data-testid': 'broadcast-save' } as ButtonProps)}>
            {notice ? t('broadcast.save') : t('broadcast.publish')}
          </Button>
        </Space>
      }
      data-testid="broadcast-drawer"
    >
      <Form form={form} layout="vertical" requiredMark initialValues={initialValues} onValuesChange={dirty.onValuesChange}>
        <Form.Item name="title" label={t('broadcast.fields.title')} rules={[{ required: true, whitespace: true, message: t('broadcast.rules.title') }]}>
          <Input maxLength={BROADCAST_TITLE_MAX} showCount placeholder={t('broadcast.titlePlaceholder')} data-testid="broadcast-title" />
        </Form.Item>
        <Form.Item name="image" label={t('broadcast.fields.image')} rules={[{ required: true, message: t('broadcast.rules.image') }]}>
          <ImagePicker canEdit />
        </Form.Item>
        <Form.Item
          name="deviceIds"
          label={t('broadcast.fields.devices')}
          dependencies={['locationIds']}
          extra={t('broadcast.targetsHelp')}
          rules={[
            {
              validator: async (_, deviceIds: number[] = []) => {
                if (deviceIds.length + ((form.getFieldValue('locationIds') as number[] | undefined) ?? []).length === 0) throw new Error(t('broadcast.rules.targets'));
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={targets.isFetching}
            placeholder={t('broadcast.devicesPlaceholder')}
            options={(targets.data?.devices ?? []).map((device) => ({
              value: device.id,
              label: device.path ? `${device.name} · ${device.path}` : device.name,
            }))}
            data-testid="broadcast-devices"
          />
        </Form.Item>
        <Form.Item name="locationIds" label={t('broadcast.fields.locations')}>
          <TreeSelect
            multiple
            allowClear
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            treeData={tree}
            placeholder={t('broadcast.locationsPlaceholder')}
            onChange={() => void form.validateFields(['deviceIds']).catch(() => undefined)}
            data-testid="broadcast-locations"
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('broadcast.fields.period')}
          rules={[
            { required: true, message: t('broadcast.rules.period') },
            {
              validator: async (_, period?: [dayjs.Dayjs, dayjs.Dayjs]) => {
                if (period && !period[1].isAfter(period[0])) throw new Error(t('broadcast.rules.endAfterStart'));
              },
            },
          ]}
          extra={repeat && repeat !== 'none' ? t('broadcast.repeatWindowHelp') : undefined}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            placeholder={[t('broadcast.fields.start'), t('broadcast.fields.end')]}
            data-testid="broadcast-period"
          />
        </Form.Item>
        <Form.Item name="repeat" label={t('broadcast.fields.repeat')}>
          <Select options={BROADCAST_REPEATS.map((value) => ({ value, label: t(`broadcast.repeats.${value}`) }))} data-testid="broadcast-repeat" />
        </Form.Item>
        {repeat && repeat !== 'none' ? (
          <Form.Item name="until" label={t('broadcast.fields.until')} extra={t('broadcast.untilHelp', { days: BROADCAST_NEVER_ENDS_DAYS })}>
            <DatePicker style={{ width: '100%' }} placeholder={t('broadcast.neverEnds')} disabledDate={(day) => day.isBefore(dayjs(), 'day')} data-testid="broadcast-until" />
          </Form.Item>
        ) : null}
      </Form>
    </Drawer>
  );
}
