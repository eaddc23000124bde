import { DESK_EQUIPMENT, DESK_MODES, DESK_NUMBER_MAX, FILTER_DEBOUNCE_MS, type Desk, type DeskEquipment, type DeskFloor, type DeskMode } from '@atrium/contract';
import { App, Checkbox, Form, Input, Modal, Select } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useDeskOwners, useSaveDesk } from '../api/desk.api';

interface DeskValues {
  number?: string;
  mode: DeskMode;
  /** `user:<id>` or `department:<id>`: one picker for both kinds of owner. */
  owner?: string;
  neighbourhoodId?: number | null;
  equipment: DeskEquipment[];
}

const ownerOf = (desk: Desk | undefined) =>
  desk?.assignedUserId ? `user:${desk.assignedUserId}` : desk?.assignedDepartmentId ? `department:${desk.assignedDepartmentId}` : undefined;

/** Adds a desk to a floor or changes one: number, use, owner (assigned desks), neighbourhood, equipment. Asks before unsaved changes go. */
export function DeskDialog({ floor, desk, onClose }: { floor: DeskFloor; desk?: Desk; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const [form] = Form.useForm<DeskValues>();
  const mode = Form.useWatch('mode', form) ?? desk?.mode ?? 'bookable';
  const [search, setSearch] = useState('');
  const owners = useDeskOwners(useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS), mode === 'assigned');
  const save = useSaveDesk();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  // The desk's own owner stays offered while the search shows others.
  const known = desk?.assignedUserId
    ? [{ value: `user:${desk.assignedUserId}`, label: desk.assignedUserName ?? '' }]
    : desk?.assignedDepartmentId
      ? [{ value: `department:${desk.assignedDepartmentId}`, label: desk.assignedDepartmentName ?? '' }]
      : [];
  const people = (owners.data?.people ?? []).map((person) => ({ value: `user:${person.id}`, label: person.email ? `${person.fullName} <${person.email}>` : person.fullName }));
  const departments = (owners.data?.departments ?? []).map((department) => ({ value: `department:${department.id}`, label: department.name }));
  const ownerOptions = [
    { label: t('desk.owner.people'), options: [...known.filter((o) => o.value.startsWith('user:') && !people.some((p) => p.value === o.value)), ...people] },
    { label: t('desk.owner.departments'), options: [...known.filter((o) => o.value.startsWith('department:') && !departments.some((d) => d.value === o.value)), ...departments] },
  ];

  async function submit() {
    let values: DeskValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    const [kind, id] = (values.mode === 'assigned' ? (values.owner ?? '') : '').split(':');
    try {
      const saved = await save.mutateAsync({
        ...(desk ? { id: desk.id } : {}),
        floorId: floor.floorId,
        number: values.number!.trim(),
        mode: values.mode,
        equipment: values.equipment ?? [],
        neighbourhoodId: values.neighbourhoodId ?? null,
        assignedUserId: kind === 'user' ? Number(id) : null,
        assignedDepartmentId: kind === 'department' ? Number(id) : null,
      });
      void message.success(t('desk.saved', { number: saved.number }));
      onClose();
    } catch {
      // The client has shown the server's reason (a number already on the floor names it).
    }
  }

  return (
    <Modal
      open
      title={desk ? t('desk.settings.editDesk', { number: desk.number }) : t('desk.settings.newDesk')}
      width={phone ? '100%' : 560}
      okText={t('desk.settings.save')}
      cancelText={t('desk.settings.cancel')}
      onOk={() => void submit()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'desk-save' } as ButtonProps}
    >
      <Form<DeskValues>
        form={form}
        layout="vertical"
        requiredMark
        onValuesChange={dirty.onValuesChange}
        initialValues={{ number: desk?.number, mode: desk?.mode ?? 'bookable', owner: ownerOf(desk), neighbourhoodId: desk?.neighbourhoodId ?? null, equipment: desk?.equipment ?? [] }}
      >
        <Form.Item name="number" label={t('desk.fields.number')} rules={[{ required: true, whitespace: true, message: t('desk.rules.number') }]}>
          <Input maxLength={DESK_NUMBER_MAX} placeholder="3F-A-012" data-testid="desk-number" />
        </Form.Item>
        <Form.Item name="mode" label={t('desk.fields.mode')} extra={t(`desk.modeHelp.${mode}`)}>
          <Select<DeskMode> options={DESK_MODES.map((value) => ({ value, label: t(`desk.modes.${value}`) }))} data-testid="desk-mode" />
        </Form.Item>
        {mode === 'assigned' ? (
          <Form.Item name="owner" label={t('desk.fields.owner')} rules={[{ required: true, message: t('desk.rules.owner') }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setSearch}
              placeholder={t('desk.owner.placeholder')}
              options={ownerOptions}
              loading={owners.isFetching}
              data-testid="desk-owner"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="neighbourhoodId" label={t('desk.fields.neighbourhood')}>
          <Select<number | null>
            options={[{ value: null, label: t('desk.neighbourhood.none') }, ...floor.neighbourhoods.map((area) => ({ value: area.id, label: area.name }))]}
            data-testid="desk-neighbourhood"
          />
        </Form.Item>
        <Form.Item name="equipment" label={t('desk.fields.equipment')}>
          <Checkbox.Group options={DESK_EQUIPMENT.map((key) => ({ value: key, label: t(`desk.equipment.${key}`) }))} data-testid="desk-equipment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
