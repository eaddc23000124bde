import { SafetyPassword, FILTER_DEBOUNCE_MS, type CompanyOwner } from '@atrium/contract';
import { Alert, App, Checkbox, Form, Input, Modal, Select } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useManagers, useTransferOwner } from '../api/manager.api';

export interface TransferOwnerModalProps {
  owner: CompanyOwner;
  onClose: () => void;
}

interface TransferValues {
  userId: number;
  safetyPassword?: string;
  confirmed: boolean;
}

/**
 * Hands the company account to another administrator who manages roles (the only users who may own
 * it). Asks before a filled-in transfer is dropped.
 */
export function TransferOwnerModal({ owner, onClose }: TransferOwnerModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TransferValues>();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS);
  // Eligible owners are exactly the administrators of the roles area: active, role holds roles:edit.
  const candidates = useManagers({ page: 1, pageSize: 50, area: 'roles', keyword: keyword || undefined });
  const transfer = useTransferOwner();
  const [chosenName, setChosenName] = useState('');
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  const submit = async (values: TransferValues) => {
    await transfer.mutateAsync({ userId: values.userId, ...(owner.needsSafetyPassword ? { safetyPassword: values.safetyPassword } : {}) });
    void message.success(t('manager.transfer.done', { name: chosenName }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('manager.transfer.title')}
      okText={t('manager.transfer.submit')}
      okButtonProps={{ danger: true, 'data-testid': 'transfer-submit' }}
      cancelText={t('common.actions.cancel')}
      confirmLoading={transfer.isPending}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      destroyOnHidden
    >
      <Form<TransferValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onValuesChange={dirty.onValuesChange}
        onFinish={(values) => void submit(values).catch(() => undefined)}
        data-testid="transfer-form"
      >
        <Alert type="warning" showIcon title={t('manager.transfer.intro')} className="atrium-manager-transfer-intro" />
        <Form.Item name="userId" label={t('manager.transfer.newOwner')} rules={[{ required: true, message: t('manager.transfer.pickOwner') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={candidates.isFetching}
            placeholder={t('manager.transfer.searchPlaceholder')}
            onChange={(_value, option) => setChosenName(Array.isArray(option) ? '' : (option?.title ?? ''))}
            options={(candidates.data?.list ?? [])
              .filter((manager) => manager.id !== owner.owner?.id)
              .map((manager) => ({
                value: manager.id,
                title: manager.fullName,
                label: `${manager.fullName} (${manager.email ?? manager.userName})`,
              }))}
            data-testid="transfer-user"
          />
        </Form.Item>
        {owner.needsSafetyPassword ? (
          <Form.Item
            name="safetyPassword"
            label={t('manager.transfer.safetyPassword')}
            extra={t('manager.transfer.safetyPasswordHint')}
            rules={[zodRule(SafetyPassword, t('manager.transfer.sixDigits'))]}
          >
            <Input.Password prefix={<LockOutlined />} inputMode="numeric" maxLength={6} autoComplete="off" data-testid="transfer-safety-password" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="confirmed"
          valuePropName="checked"
          rules={[{ validator: (_, value: boolean) => (value ? Promise.resolve() : Promise.reject(new Error(t('manager.transfer.confirmRequired')))) }]}
        >
          <Checkbox data-testid="transfer-confirm">{t('manager.transfer.confirm', { name: chosenName || '…' })}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
