import { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX, type RoleTreeNode } from '@atrium/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useCreateRole, useUpdateRole } from '../api/role.api';

/** What the form does: create a role under `parent` (top level when null), or edit `role`. */
export type RoleFormTarget = { mode: 'create'; parent: RoleTreeNode | null } | { mode: 'edit'; role: RoleTreeNode };

interface RoleFormValues {
  name: string;
  description?: string;
}

export interface RoleFormModalProps {
  target: RoleFormTarget;
  onClose: () => void;
  /** Called with the id of the role created or edited. */
  onSaved: (id: number) => void;
}

/** Name and description of a new or existing role; asks before unsaved changes go. */
export function RoleFormModal({ target, onClose, onSaved }: RoleFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleFormValues>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const saving = create.isPending || update.isPending;
  const initialValues = target.mode === 'edit' ? { name: target.role.name, description: target.role.description ?? '' } : { name: '', description: '' };
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  const title =
    target.mode === 'edit'
      ? t('role.form.editTitle')
      : target.parent
        ? t('role.form.createChildTitle', { parent: target.parent.name })
        : t('role.form.createTitle');

  const submit = async (values: RoleFormValues) => {
    const description = values.description?.trim() ? values.description : null;
    if (target.mode === 'edit') {
      await update.mutateAsync({ id: target.role.id, name: values.name, description });
      void message.success(t('role.form.saved'));
      onSaved(target.role.id);
    } else {
      const { id } = await create.mutateAsync({ name: values.name, description, parentId: target.parent?.id ?? null });
      void message.success(t('role.form.created'));
      onSaved(id);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'role-form-submit' }}
      cancelButtonProps={{ 'data-testid': 'role-form-cancel' }}
    >
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={dirty.onValuesChange}
        onFinish={(values) => void submit(values).catch(() => undefined)}
        disabled={saving}
      >
        <Form.Item name="name" label={t('role.form.name')} rules={[{ required: true, whitespace: true, message: t('role.form.nameRequired') }]}>
          <Input maxLength={ROLE_NAME_MAX} showCount autoFocus placeholder={t('role.form.namePlaceholder')} data-testid="role-form-name" />
        </Form.Item>
        <Form.Item name="description" label={t('role.form.description')}>
          <Input.TextArea maxLength={ROLE_DESCRIPTION_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} placeholder={t('role.form.descriptionPlaceholder')} data-testid="role-form-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
