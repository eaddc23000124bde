import { ASSET_NAME_MAX, type AssetCategory } from '@atrium/contract';
import type { ButtonProps } from 'antd';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddCategory, useRenameCategory } from '../api/asset.api';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';

/** Adds a category under `parent` (none: at the top) or renames `category`. */
export function CategoryDialog({ parent, category, onClose }: { parent?: AssetCategory; category?: AssetCategory; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const add = useAddCategory();
  const rename = useRenameCategory();

  async function submit() {
    let values: { name: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const saved = category ? await rename.mutateAsync({ id: category.id, name: values.name.trim() }) : await add.mutateAsync({ parentId: parent?.id ?? null, name: values.name.trim() });
      void message.success(t('asset.catalogue.categorySaved', { name: saved.name }));
      onClose();
    } catch {
      // The client has shown the server's reason.
    }
  }

  return (
    <Modal
      open
      title={category ? t('asset.catalogue.renameTitle', { name: category.name }) : parent ? t('asset.catalogue.addUnder', { name: parent.name }) : t('asset.catalogue.addTop')}
      okText={t('asset.actions.save')}
      cancelText={t('asset.actions.cancel')}
      okButtonProps={{ loading: add.isPending || rename.isPending, 'data-testid': 'asset-category-save' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={() => confirmLeave(onClose)}
    >
      <Form form={form} onValuesChange={dirty.onValuesChange} layout="vertical" initialValues={{ name: category?.name }} onFinish={() => void submit()}>
        <Form.Item name="name" label={t('asset.fields.name')} rules={[{ required: true, whitespace: true, message: t('asset.rules.name') }]}>
          <Input maxLength={ASSET_NAME_MAX} autoFocus data-testid="asset-category-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
