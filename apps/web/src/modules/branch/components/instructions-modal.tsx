import { RELEASE_NOTES_MAX, VERSION_PATTERN, type Branch } from '@atrium/contract';
import { App, Form, Input, Modal } from 'antd';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useSaveInstructions } from '../api/branch.api';

interface Fields {
  version: string;
  notesEn: string;
  notesZh: string;
}

/** 'Updated instructions': the branch's next version and its notes in both languages, released later. */
export function InstructionsModal({ branch, onClose }: { branch: Branch; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const save = useSaveInstructions();

  async function submit(fields: Fields) {
    try {
      const answer = await save.mutateAsync({ branchId: branch.id, ...fields });
      void message.success(answer.message);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setFields([{ name: 'version', errors: [error.message] }]);
    }
  }

  const notesRule = [{ required: true, whitespace: true }];
  return (
    <Modal
      open
      width={640}
      title={t('branch.instructionsTitle', { name: branch.name })}
      okText={t('branch.save')}
      cancelText={t('branch.cancel')}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'instructions-save' }}
    >
      <p>{t('branch.instructionsHelp')}</p>
      <Form<Fields> form={form} onValuesChange={dirty.onValuesChange} layout="vertical" initialValues={branch.draft ?? { version: '', notesEn: '', notesZh: '' }} onFinish={(fields) => void submit(fields)}>
        <Form.Item name="version" label={t('branch.fields.version')} extra={t('branch.versionHelp')} rules={[{ required: true, pattern: VERSION_PATTERN, message: t('branch.versionHelp') }]}>
          <Input maxLength={32} placeholder={branch.version} data-testid="instructions-version" />
        </Form.Item>
        <Form.Item name="notesEn" label={t('branch.fields.notesEn')} rules={notesRule}>
          <Input.TextArea maxLength={RELEASE_NOTES_MAX} autoSize={{ minRows: 3, maxRows: 10 }} lang="en" data-testid="instructions-notes-en" />
        </Form.Item>
        <Form.Item name="notesZh" label={t('branch.fields.notesZh')} rules={notesRule}>
          <Input.TextArea maxLength={RELEASE_NOTES_MAX} autoSize={{ minRows: 3, maxRows: 10 }} lang="zh-CN" data-testid="instructions-notes-zh" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
