import { BRANCH_NAME_MAX, ReturnCode, TEXT_MAX, VERSION_PATTERN, type Branch } from '@atrium/contract';
import { App, Form, Input, Modal } from 'antd';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useCreateBranch, useUpdateBranch } from '../api/branch.api';

interface Fields {
  name: string;
  description?: string;
  version?: string;
}

export interface BranchFormModalProps {
  /** The branch to edit; null creates one. */
  branch: Branch | null;
  onClose: () => void;
}

/** Creates a branch (name, description, starting version) or renames one. */
export function BranchFormModal({ branch, onClose }: BranchFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const create = useCreateBranch();
  const update = useUpdateBranch();

  async function save(fields: Fields) {
    const description = fields.description?.trim() ? fields.description : null;
    try {
      const answer = branch
        ? await update.mutateAsync({ id: branch.id, name: fields.name, description })
        : await create.mutateAsync({ name: fields.name, description, version: fields.version ?? '' });
      void message.success(answer.message);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.returncode === ReturnCode.CONFLICT) form.setFields([{ name: 'name', errors: [error.message] }]);
      else void message.error(error.message);
    }
  }

  return (
    <Modal
      open
      title={t(branch ? 'branch.editTitle' : 'branch.createTitle')}
      okText={t('branch.save')}
      cancelText={t('branch.cancel')}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'branch-form-save' }}
    >
      <Form<Fields>
        form={form}
        onValuesChange={dirty.onValuesChange}
        layout="vertical"
        initialValues={branch ? { name: branch.name, description: branch.description ?? '' } : { version: '' }}
        onFinish={(fields) => void save(fields)}
      >
        <Form.Item name="name" label={t('branch.fields.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={BRANCH_NAME_MAX} data-testid="branch-form-name" />
        </Form.Item>
        <Form.Item name="description" label={t('branch.fields.description')}>
          <Input.TextArea maxLength={TEXT_MAX} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="branch-form-description" />
        </Form.Item>
        {branch ? null : (
          <Form.Item name="version" label={t('branch.fields.version')} extra={t('branch.versionHelp')} rules={[{ required: true, pattern: VERSION_PATTERN, message: t('branch.versionHelp') }]}>
            <Input maxLength={32} placeholder="1.3.20" data-testid="branch-form-version" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
