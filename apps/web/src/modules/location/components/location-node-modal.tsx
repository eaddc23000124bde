import { AddLocationBody, LOCATION_LEVELS, TEXT_MAX, type LocationLevel, type LocationNode } from '@atrium/contract';

/** The levels a node can be added at (the root is virtual). */
type AddableLevel = Exclude<LocationLevel, 0>;
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { ImageUpload } from '../../../shared/ui/image-upload';
import { useAddLocation, useLocationInfo, useUpdateLocation } from '../api/location.api';

/** What the dialog does: add a child of a level, edit a node's name (a building's zone and address), or set its attributes. */
export type NodeDialog =
  | { kind: 'add'; parent: LocationNode | null; level: AddableLevel }
  | { kind: 'edit'; node: LocationNode }
  | { kind: 'attribute'; node: LocationNode };

interface Values {
  locationName: string;
  timeZone?: string;
  address?: string;
  description?: string;
  regionIconUrl?: string | null;
}

/** Every zone the browser knows, for the building's zone picker. */
function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC', 'Europe/London', 'Asia/Shanghai'];
}

export interface LocationNodeModalProps {
  dialog: NodeDialog;
  onDone: (id: number) => void;
  onClose: () => void;
}

/** Adds or edits a tree node, or sets its attributes (region icon, description); asks before unsaved changes go. */
export function LocationNodeModal({ dialog, onDone, onClose }: LocationNodeModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddLocation();
  const update = useUpdateLocation();
  const node = dialog.kind === 'add' ? null : dialog.node;
  const info = useLocationInfo(dialog.kind === 'attribute' ? dialog.node.id : null);
  const level = dialog.kind === 'add' ? dialog.level : (node!.level as LocationLevel);
  const isBuilding = level === LOCATION_LEVELS.building && dialog.kind !== 'attribute';
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const { markClean } = dirty;

  useEffect(() => {
    if (dialog.kind === 'edit') form.setFieldsValue({ locationName: dialog.node.locationName, timeZone: dialog.node.timeZone ?? undefined, address: dialog.node.address ?? '' });
    if (dialog.kind === 'attribute' && info.data) form.setFieldsValue({ description: info.data.description ?? '', regionIconUrl: info.data.regionIconUrl });
    // The node's values are the clean state.
    markClean();
  }, [dialog, form, info.data, markClean]);

  const levelName = t(`location.levels.${level}`);
  const title =
    dialog.kind === 'add'
      ? t('location.node.addTitle', { level: levelName })
      : dialog.kind === 'edit'
        ? t('location.node.editTitle', { level: levelName })
        : t('location.node.attributeTitle', { name: dialog.node.locationName });

  const submit = (values: Values) => {
    const done = (id: number) => {
      void message.success(t('location.messages.saved'));
      onDone(id);
    };
    if (dialog.kind === 'add') {
      add.mutate(
        {
          parentId: dialog.parent?.id ?? null,
          level: dialog.level,
          locationName: values.locationName,
          ...(isBuilding ? { timeZone: values.timeZone, address: values.address || undefined } : {}),
        },
        { onSuccess: ({ id }) => done(id) },
      );
    } else if (dialog.kind === 'edit') {
      update.mutate(
        { id: dialog.node.id, locationName: values.locationName, ...(isBuilding ? { timeZone: values.timeZone, address: values.address || null } : {}) },
        { onSuccess: ({ id }) => done(id) },
      );
    } else {
      update.mutate({ id: dialog.node.id, description: values.description || null, regionIconUrl: values.regionIconUrl ?? null }, { onSuccess: ({ id }) => done(id) });
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={() => confirmLeave(onClose)}
      onOk={() => form.submit()}
      okText={t('location.actions.save')}
      cancelText={t('location.actions.cancel')}
      confirmLoading={add.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'location-node-save' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} onValuesChange={dirty.onValuesChange} requiredMark data-testid="location-node-form">
        {dialog.kind !== 'attribute' ? (
          <Form.Item name="locationName" label={t('location.node.name')} required rules={[zodRule(AddLocationBody.shape.locationName, t('location.node.nameRequired'))]}>
            <Input maxLength={TEXT_MAX} autoFocus data-testid="location-node-name" />
          </Form.Item>
        ) : null}
        {isBuilding ? (
          <>
            <Form.Item name="timeZone" label={t('location.node.timeZone')} extra={t('location.node.timeZoneHint')} rules={[{ required: true, message: t('location.node.timeZoneRequired') }]}>
              <Select showSearch options={zones} data-testid="location-node-zone" />
            </Form.Item>
            <Form.Item name="address" label={t('location.node.address')}>
              <Input maxLength={TEXT_MAX} data-testid="location-node-address" />
            </Form.Item>
          </>
        ) : null}
        {dialog.kind === 'attribute' ? (
          <>
            <Form.Item name="regionIconUrl" label={t('location.node.regionIcon')}>
              <ImageUpload
                kind="icon"
                testId="location-node-icon"
                hint={t('location.node.regionIconHint')}
                preview={(value) => (value ? <img src={value} alt="" className="location-icon-preview" /> : <span className="location-icon-preview location-icon-empty" />)}
              />
            </Form.Item>
            <Form.Item name="description" label={t('location.node.description')}>
              <Input.TextArea maxLength={TEXT_MAX} rows={3} data-testid="location-node-description" />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
