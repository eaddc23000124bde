import { Gender, Phone, type CurrentUserInfo, type UpdateProfileBody } from '@atrium/contract';
import { Alert, App, Form, Input, Modal, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { claimOnForm } from '../../../shared/forms/form-failure';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { browserZone, knownZones } from '../../../shared/time-zone/viewer-zone';
import { zoneName } from '../../../shared/time-zone/zone-text';
import { ImageUpload } from '../../../shared/ui/image-upload';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { useUpdateProfile } from '../api/personal.api';

/** `timeZone` '' follows the browser (null on the way out). */
type ProfileValues = Required<Pick<UpdateProfileBody, 'firstName' | 'gender'>> & { lastName: string; phone: string; avatar: string | null; timeZone: string };
type ProfileField = keyof ProfileValues;
const PROFILE_FIELDS: Record<string, ProfileField> = { firstName: 'firstName', lastName: 'lastName', phone: 'phone', gender: 'gender', avatar: 'avatar', timeZone: 'timeZone' };

export interface ProfileFormProps {
  user: CurrentUserInfo;
  open: boolean;
  onClose: () => void;
}

/**
 * Edits one's own names, phone, gender, avatar and time zone; the user name and e-mail are shown, not
 * editable. Asks before unsaved changes go.
 */
export function ProfileForm({ user, open, onClose }: ProfileFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  // A failure is said once: under the field a 400 names, else in the alert.
  const [failure, setFailure] = useState<string | null>(null);
  const save = useUpdateProfile(claimOnForm<ProfileField>(form, { paths: PROFILE_FIELDS, refusedText: () => t('personal.edit.refused') }, setFailure));
  const zones = useMemo(
    () => [
      { value: '', label: t('personal.zone.browser', { zone: zoneName(browserZone(), t) }) },
      ...knownZones().map((zone) => ({ value: zone, label: `${zoneName(zone, t)} (${zone})` })),
    ],
    [t],
  );

  const initialValues: ProfileValues = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
    gender: user.gender,
    avatar: user.avatar,
    timeZone: user.timeZone ?? '',
  };
  const dirty = useFormDirty(form, { initialValues, isOpen: open });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  const submit = ({ timeZone, ...values }: ProfileValues) =>
    save.mutate({ ...values, timeZone: timeZone || null }, {
      onSuccess: () => {
        void message.success(t('personal.edit.saved'));
        onClose();
      },
    });

  return (
    <Modal
      open={open}
      title={t('personal.edit.title')}
      okText={t('personal.edit.submit')}
      cancelText={t('personal.edit.cancel')}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'personal-profile-submit' } as Record<string, string>}
      afterOpenChange={(isOpen) => {
        if (!isOpen) {
          save.reset();
          setFailure(null);
        }
      }}
    >
      {failure ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={failure} /> : null}
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        preserve={false}
        onValuesChange={dirty.onValuesChange}
        onFinish={(values) => {
          setFailure(null);
          submit(values);
        }}
        initialValues={initialValues}
      >
        <Form.Item name="avatar" label={t('personal.edit.avatar')}>
          <ImageUpload
            kind="avatar"
            testId="personal-avatar"
            hint={t('personal.edit.avatarHint')}
            preview={(avatar) => <UserAvatar size={64} name={user.fullName || user.userName} avatar={avatar} />}
          />
        </Form.Item>
        <Form.Item label={t('personal.profile.userName')}>
          <Input value={user.userName} disabled />
        </Form.Item>
        <Form.Item label={t('personal.profile.email')}>
          <Input value={user.email ?? ''} disabled />
        </Form.Item>
        <Form.Item name="firstName" label={t('personal.edit.firstName')} rules={[{ required: true, whitespace: true, message: t('personal.edit.firstNameRequired') }]}>
          <Input maxLength={64} data-testid="personal-first-name" />
        </Form.Item>
        <Form.Item name="lastName" label={t('personal.edit.lastName')}>
          <Input maxLength={64} data-testid="personal-last-name" />
        </Form.Item>
        <Form.Item name="phone" label={t('personal.profile.phone')} rules={[zodRule(Phone, t('personal.edit.phoneInvalid'))]}>
          <Input maxLength={32} inputMode="tel" data-testid="personal-phone" />
        </Form.Item>
        <Form.Item name="timeZone" label={t('personal.zone.label')} extra={t('personal.zone.help')}>
          <Select showSearch optionFilterProp="label" options={zones} data-testid="personal-time-zone" />
        </Form.Item>
        <Form.Item name="gender" label={t('personal.edit.gender')}>
          <Radio.Group
            data-testid="personal-gender"
            options={Gender.options.map((gender) => ({ value: gender, label: t(`personal.gender.${gender}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
