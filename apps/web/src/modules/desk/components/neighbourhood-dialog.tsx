import { FILTER_DEBOUNCE_MS, NEIGHBOURHOOD_NAME_MAX, type DeskFloor, type Neighbourhood } from '@atrium/contract';
import { App, Button, Form, Input, Modal, Popconfirm, Radio, Select } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useDeleteNeighbourhood, useDeskOwners, useSaveNeighbourhood } from '../api/desk.api';

/** The colours offered: distinct on a floor map, readable with white text on a tag. */
const COLORS = ['#1677ff', '#13a8a8', '#389e0d', '#d48806', '#d4380d', '#c41d7f', '#531dab', '#595959'];

interface AreaValues {
  name?: string;
  color: string;
  departmentId: number | null;
}

/** Adds a neighbourhood to a floor or changes (or deletes) one: its name, colour and the department it is kept for. */
export function NeighbourhoodDialog({ floor, neighbourhood, onClose }: { floor: DeskFloor; neighbourhood?: Neighbourhood; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const [form] = Form.useForm<AreaValues>();
  // The owners call answers 20 departments at most: a company with more finds its department by typing.
  const [search, setSearch] = useState('');
  const departments = useDeskOwners(useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS), true);
  const save = useSaveNeighbourhood();
  const remove = useDeleteNeighbourhood();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  async function submit() {
    let values: AreaValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const saved = await save.mutateAsync({ ...(neighbourhood ? { id: neighbourhood.id } : {}), floorId: floor.floorId, name: values.name!.trim(), color: values.color, departmentId: values.departmentId ?? null });
      void message.success(t('desk.neighbourhood.saved', { name: saved.name }));
      onClose();
    } catch {
      // The client has shown the server's reason.
    }
  }

  async function deleteArea() {
    try {
      await remove.mutateAsync(neighbourhood!.id);
      onClose();
    } catch {
      // Shown by the client.
    }
  }

  const departmentOptions = [
    { value: null, label: t('desk.neighbourhood.free') },
    ...(neighbourhood?.departmentId && !departments.data?.departments.some((d) => d.id === neighbourhood.departmentId)
      ? [{ value: neighbourhood.departmentId, label: neighbourhood.departmentName ?? '' }]
      : []),
    ...(departments.data?.departments ?? []).map((department) => ({ value: department.id, label: department.name })),
  ];

  return (
    <Modal
      open
      title={neighbourhood ? t('desk.neighbourhood.editTitle', { name: neighbourhood.name }) : t('desk.neighbourhood.newTitle')}
      width={phone ? '100%' : 480}
      onCancel={() => confirmLeave(onClose)}
      footer={[
        neighbourhood ? (
          <Popconfirm
            key="delete"
            title={t('desk.neighbourhood.deleteConfirm', { name: neighbourhood.name })}
            okText={t('desk.settings.delete')}
            cancelText={t('desk.settings.keep')}
            okButtonProps={{ danger: true, 'data-testid': 'desk-neighbourhood-delete-confirm' } as ButtonProps}
            onConfirm={() => deleteArea()}
          >
            <Button danger style={{ float: 'left' }} data-testid="desk-neighbourhood-delete">
              {t('desk.settings.delete')}
            </Button>
          </Popconfirm>
        ) : null,
        <Button key="cancel" onClick={() => confirmLeave(onClose)}>
          {t('desk.settings.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="desk-neighbourhood-save">
          {t('desk.settings.save')}
        </Button>,
      ]}
    >
      <Form<AreaValues>
        form={form}
        layout="vertical"
        requiredMark
        onValuesChange={dirty.onValuesChange}
        initialValues={{ name: neighbourhood?.name, color: neighbourhood?.color ?? COLORS[floor.neighbourhoods.length % COLORS.length], departmentId: neighbourhood?.departmentId ?? null }}
      >
        <Form.Item name="name" label={t('desk.fields.name')} rules={[{ required: true, whitespace: true, message: t('desk.rules.name') }]}>
          <Input maxLength={NEIGHBOURHOOD_NAME_MAX} data-testid="desk-neighbourhood-name" />
        </Form.Item>
        <Form.Item name="color" label={t('desk.fields.color')}>
          <Radio.Group className="atrium-desk-swatches" data-testid="desk-neighbourhood-color">
            {COLORS.map((color) => (
              <Radio.Button key={color} value={color} aria-label={color} style={{ background: color }} />
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="departmentId" label={t('desk.fields.department')}>
          <Select<number | null>
            showSearch
            filterOption={false}
            onSearch={setSearch}
            options={departmentOptions}
            loading={departments.isFetching}
            data-testid="desk-neighbourhood-department"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
