import type { DirectoryOptions, DirectoryUser} from '@atrium/contract';
import { UserEmail, UserName, UserPhone } from '@atrium/contract';
import { Alert, App, Button, Drawer, Form, Input, Select, Space, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { claimOnForm } from '../../../shared/forms/form-failure';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useSaveUser, type UserFormValues } from '../api/directory.api';
import { departmentTree } from './department-tree';

export interface UserDrawerProps {
  open: boolean;
  /** The user to edit; null creates one. */
  user: DirectoryUser | null;
  options: DirectoryOptions | undefined;
  onClose: () => void;
}

/** The request's fields are the form's own. */
const USER_FIELDS: Record<string, keyof UserFormValues> = Object.fromEntries(
  (['userName', 'email', 'firstName', 'lastName', 'usercode', 'phone', 'gender', 'departmentId', 'roleId', 'locationId', 'status'] as const).map((field) => [field, field]),
);

/** A form rule from a contract schema, so the form refuses what the server would. */
const schemaRule = (schema: z.ZodType, message: string, optional = false): Rule => ({
  validator: (_rule, value: unknown) =>
    (optional && (value === undefined || value === null || value === '')) || schema.safeParse(value).success
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

/** Create or edit a user in a drawer; user name and e-mail are read-only once created; asks before unsaved changes go. */
export function UserDrawer({ open, user, options, onClose }: UserDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  // Each failure once: under the field it names (a user name in use), else in the alert; never also a toast.
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveUser(claimOnForm<keyof UserFormValues>(form, { paths: USER_FIELDS, refusedText: () => t('directory.form.refused') }, setFailure));
  const isNarrow = useMediaQuery('(max-width: 600px)');
  const isEdit = user !== null;
  const dirty = useFormDirty(form, { isOpen: open });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  useEffect(() => {
    if (!open) return;
    save.reset();
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        userName: user.userName,
        email: user.email ?? '',
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
        usercode: user.usercode ?? '',
        phone: user.phone ?? '',
        gender: user.gender,
        departmentId: user.department?.id ?? null,
        roleId: user.role.id,
        locationId: user.location?.id ?? null,
        status: user.status,
      });
    } else {
      form.setFieldsValue({ gender: 'secret', roleId: options?.roles.find((role) => role.isDefault)?.id ?? null });
    }
    dirty.markClean();
    // Only when the drawer opens or switches user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, user]);

  // The next opening starts without the last failure.
  const close = () => {
    setFailure(null);
    onClose();
  };
  const cancel = () => confirmLeave(close);

  const submit = (values: UserFormValues) => {
    setFailure(null);
    save.mutate(
      { ...(user ? { id: user.id } : {}), values },
      {
        onSuccess: () => {
          void message.success(isEdit ? t('directory.form.saved') : t('directory.form.created'));
          close();
        },
      },
    );
  };

  const required = (label: string): Rule => ({ required: true, whitespace: true, message: t('directory.form.required', { field: label }) });

  return (
    <Drawer
      open={open}
      onClose={cancel}
      title={isEdit ? t('directory.form.editTitle') : t('directory.form.createTitle')}
      size={isNarrow ? '100%' : 520}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={cancel} data-testid="directory-form-cancel">
            {t('common.actions.cancel')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="directory-form-submit">
            {isEdit ? t('directory.form.save') : t('directory.form.create')}
          </Button>
        </Space>
      }
    >
      {failure ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={failure} /> : null}
      {!isEdit ? <p className="atrium-muted">{t('directory.form.activationHint')}</p> : null}
      <Form<UserFormValues> form={form} layout="vertical" requiredMark onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={save.isPending}>
        <Form.Item
          name="userName"
          label={t('directory.fields.userName')}
          extra={isEdit ? t('directory.form.fixedAfterCreation') : t('directory.form.userNameHint')}
          rules={isEdit ? [] : [required(t('directory.fields.userName')), schemaRule(UserName, t('directory.form.userNameInvalid'))]}
        >
          <Input readOnly={isEdit} disabled={isEdit} autoComplete="off" data-testid="directory-form-username" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('directory.fields.email')}
          rules={isEdit ? [] : [required(t('directory.fields.email')), schemaRule(UserEmail, t('directory.form.emailInvalid'))]}
        >
          <Input readOnly={isEdit} disabled={isEdit} type="email" autoComplete="off" data-testid="directory-form-email" />
        </Form.Item>
        <div className="atrium-form-row">
          <Form.Item name="firstName" label={t('directory.fields.firstName')} rules={[required(t('directory.fields.firstName')), { max: 64 }]}>
            <Input data-testid="directory-form-first-name" />
          </Form.Item>
          <Form.Item name="lastName" label={t('directory.fields.lastName')} rules={[required(t('directory.fields.lastName')), { max: 64 }]}>
            <Input data-testid="directory-form-last-name" />
          </Form.Item>
        </div>
        <div className="atrium-form-row">
          <Form.Item name="usercode" label={t('directory.fields.usercode')} rules={[{ max: 64 }]}>
            <Input data-testid="directory-form-usercode" />
          </Form.Item>
          <Form.Item name="phone" label={t('directory.fields.phone')} rules={[schemaRule(UserPhone, t('directory.form.phoneInvalid'), true)]}>
            <Input type="tel" data-testid="directory-form-phone" />
          </Form.Item>
        </div>
        <Form.Item name="gender" label={t('directory.fields.gender')}>
          <Select
            data-testid="directory-form-gender"
            options={(['male', 'female', 'secret'] as const).map((gender) => ({ value: gender, label: t(`directory.gender.${gender}`) }))}
          />
        </Form.Item>
        <Form.Item name="departmentId" label={t('directory.fields.department')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={departmentTree(options?.departments ?? [])} placeholder={t('directory.form.noDepartment')} data-testid="directory-form-department" />
        </Form.Item>
        <Form.Item name="roleId" label={t('directory.fields.role')} rules={[{ required: true, message: t('directory.form.required', { field: t('directory.fields.role') }) }]}>
          <Select data-testid="directory-form-role" options={(options?.roles ?? []).map((role) => ({ value: role.id, label: role.name }))} />
        </Form.Item>
        <Form.Item name="locationId" label={t('directory.fields.location')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} data-testid="directory-form-location" options={(options?.locations ?? []).map((location) => ({ value: location.id, label: location.name }))} />
        </Form.Item>
        {isEdit ? (
          <Form.Item name="status" label={t('directory.fields.status')}>
            <Select data-testid="directory-form-status" options={(['active', 'inactive'] as const).map((status) => ({ value: status, label: t(`directory.status.${status}`) }))} />
          </Form.Item>
        ) : null}
      </Form>
    </Drawer>
  );
}
