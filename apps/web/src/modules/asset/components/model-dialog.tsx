import { ASSET_NAME_MAX, ASSET_SERIAL_MAX, type AssetCategory, type AssetModel } from '@atrium/contract';
import type { ButtonProps } from 'antd';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveModel } from '../api/asset.api';
import { CategoryTreeSelect } from './category-tree-select';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';

interface ModelValues {
  categoryId?: number;
  name?: string;
  manufacturer?: string;
  modelNumber?: string;
}

/** Adds a model (in `categoryId` by default) or changes one. */
export function ModelDialog({ categories, model, categoryId, onClose }: { categories: AssetCategory[]; model?: AssetModel; categoryId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ModelValues>();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const save = useSaveModel();

  async function submit() {
    let values: ModelValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const saved = await save.mutateAsync({
        ...(model ? { id: model.id } : {}),
        categoryId: values.categoryId!,
        name: values.name!.trim(),
        manufacturer: values.manufacturer?.trim() || null,
        modelNumber: values.modelNumber?.trim() || null,
      });
      void message.success(t('asset.catalogue.modelSaved', { name: saved.name }));
      onClose();
    } catch {
      // The client has shown the server's reason.
    }
  }

  return (
    <Modal
      open
      title={model ? t('asset.catalogue.editModel', { name: model.name }) : t('asset.catalogue.addModel')}
      okText={t('asset.actions.save')}
      cancelText={t('asset.actions.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'asset-model-save' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={() => confirmLeave(onClose)}
    >
      <Form<ModelValues>
        form={form}
        onValuesChange={dirty.onValuesChange}
        layout="vertical"
        initialValues={{ categoryId: model?.categoryId ?? categoryId, name: model?.name, manufacturer: model?.manufacturer ?? undefined, modelNumber: model?.modelNumber ?? undefined }}
      >
        <Form.Item name="name" label={t('asset.fields.name')} rules={[{ required: true, whitespace: true, message: t('asset.rules.name') }]}>
          <Input maxLength={ASSET_NAME_MAX} data-testid="asset-model-name" />
        </Form.Item>
        <Form.Item name="categoryId" label={t('asset.fields.category')} rules={[{ required: true, message: t('asset.rules.category') }]}>
          <CategoryTreeSelect categories={categories} testId="asset-model-category" />
        </Form.Item>
        <Form.Item name="manufacturer" label={t('asset.fields.manufacturer')}>
          <Input maxLength={ASSET_SERIAL_MAX} data-testid="asset-model-manufacturer" />
        </Form.Item>
        <Form.Item name="modelNumber" label={t('asset.fields.modelNumber')}>
          <Input maxLength={ASSET_SERIAL_MAX} data-testid="asset-model-number" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
