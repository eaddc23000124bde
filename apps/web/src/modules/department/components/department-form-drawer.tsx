import { CreateGroupBody, TEXT_MAX, type GroupListItem, type GroupNode } from '@atrium/contract';
import { Button, Drawer, Form, Input, Space, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { fetchLocationChildren, useDepartmentFlatList } from '../api/department.api';

export interface DepartmentFormValues {
  name: string;
  parentId: number | null;
  groupCode: string;
  description: string;
  locationId: number | null;
}

export interface DepartmentFormDrawerProps {
  open: boolean;
  /** The department being edited; null to create one under `parentId`. */
  group: GroupNode | null;
  parentId: number | null;
  saving: boolean;
  onSave: (values: DepartmentFormValues) => void;
  onClose: () => void;
}

interface PickerNode {
  id: number;
  pId: number | null;
  value: number;
  title: string;
  isLeaf: boolean;
}

/** Ids of a department and everything below it: not allowed as its new parent. */
function branchIds(items: GroupListItem[], rootId: number): Set<number> {
  const ids = new Set([rootId]);
  for (const item of items) if (item.parentId !== null && ids.has(item.parentId)) ids.add(item.id);
  return ids;
}

/** Name is required (up to 254 characters, the contract's rule); the other fields are optional. */
const nameRule = { validator: (_: unknown, value: unknown) => (CreateGroupBody.shape.name.safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(new Error())) };

/** Create or edit a department in a drawer (spec 000 section 9: 40 percent wide, full width on phones); asks before unsaved changes go. */
export function DepartmentFormDrawer({ open, group, parentId, saving, onSave, onClose }: DepartmentFormDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DepartmentFormValues>();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const flat = useDepartmentFlatList();
  const [locations, setLocations] = useState<PickerNode[]>([]);
  const initialValues: DepartmentFormValues = {
    name: group?.name ?? '',
    parentId: group ? group.parentId : parentId,
    groupCode: group?.groupCode ?? '',
    description: group?.description ?? '',
    locationId: group?.locationId ?? null,
  };
  const dirty = useFormDirty(form, { initialValues, isOpen: open });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const cancel = () => confirmLeave(onClose);

  const parents = useMemo(() => {
    const items = flat.data ?? [];
    const excluded = group ? branchIds(items, group.id) : new Set<number>();
    // Flat list is in tree order, so a child always follows its parent.
    return items.map((item) => ({
      id: item.id,
      pId: item.parentId,
      value: item.id,
      title: item.groupCode ? `${item.name} (${item.groupCode})` : item.name,
      disabled: excluded.has(item.id),
    }));
  }, [flat.data, group]);

  const locationOptions = useMemo(
    () =>
      group?.locationId && group.locationName && !locations.some((node) => node.id === group.locationId)
        ? [...locations, { id: group.locationId, pId: null, value: group.locationId, title: group.locationName, isLeaf: true }]
        : locations,
    [locations, group],
  );

  const loadLocations = async (parent: number | null) => {
    const children = await fetchLocationChildren(parent);
    setLocations((current) => {
      const known = new Set(current.map((node) => node.id));
      return [...current, ...children.filter((node) => !known.has(node.id)).map((node) => ({ id: node.id, pId: parent, value: node.id, title: node.name, isLeaf: node.leaf }))];
    });
  };

  return (
    <Drawer
      open={open}
      onClose={cancel}
      title={group ? t('department.form.editTitle', { name: group.name }) : t('department.form.createTitle')}
      size={isNarrow ? '100%' : '40%'}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible && locations.length === 0) void loadLocations(null);
      }}
      footer={
        <Space>
          <Button onClick={cancel} data-testid="group-form-cancel">
            {t('department.actions.cancel')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="group-form-save">
            {t('department.actions.save')}
          </Button>
        </Space>
      }
    >
      {/* Mounted afresh at every opening (destroyOnHidden), so the initial values are the department's. */}
      <Form<DepartmentFormValues>
        form={form}
        layout="vertical"
        onFinish={onSave}
        onValuesChange={dirty.onValuesChange}
        disabled={saving}
        initialValues={initialValues}
      >
        <Form.Item name="name" label={t('department.fields.name')} required rules={[{ ...nameRule, message: t('department.form.nameRequired') }]}>
          <Input maxLength={TEXT_MAX} showCount data-testid="group-form-name" />
        </Form.Item>
        <Form.Item name="parentId" label={t('department.fields.parent')}>
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDataSimpleMode
            treeData={parents}
            treeDefaultExpandAll
            placeholder={t('department.form.topLevel')}
            data-testid="group-form-parent"
          />
        </Form.Item>
        <Form.Item name="groupCode" label={t('department.fields.code')} extra={t('department.form.codeHint')}>
          <Input maxLength={TEXT_MAX} data-testid="group-form-code" />
        </Form.Item>
        <Form.Item name="locationId" label={t('department.fields.location')}>
          <TreeSelect
            allowClear
            treeDataSimpleMode
            treeData={locationOptions}
            loadData={(node) => loadLocations(node.value as number)}
            placeholder={t('department.form.noLocation')}
            data-testid="group-form-location"
          />
        </Form.Item>
        <Form.Item name="description" label={t('department.fields.description')}>
          <Input.TextArea maxLength={TEXT_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} data-testid="group-form-description" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
