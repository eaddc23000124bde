import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ROLE_MAPPING_MAX } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { mappingRolesQuery } from '../api/directory-sync.api';

export interface RoleMappingFieldProps {
  /** What a rule's group is called here: an LDAP group or a work-chat department. */
  groupLabel: string;
  testId: string;
}

/** The ordered group-to-role rules of a directory sync (the form's `roleMapping`): the first matching rule gives the role. */
export function RoleMappingField({ groupLabel, testId }: RoleMappingFieldProps) {
  const { t } = useTranslation();
  const roles = useQuery(mappingRolesQuery);
  return (
    <Form.List name="roleMapping">
      {(fields, { add, remove }) => (
        <div className="atrium-role-mapping" data-testid={testId}>
          <p className="atrium-muted">{t('sso.roleMapping.hint')}</p>
          {fields.map((field, index) => (
            <Space key={field.key} align="start" wrap className="atrium-role-mapping-rule">
              <Form.Item name={[field.name, 'group']} rules={[{ required: true, whitespace: true, message: t('sso.roleMapping.groupRequired') }]}>
                <Input placeholder={groupLabel} aria-label={`${groupLabel} ${index + 1}`} maxLength={128} data-testid={`${testId}-group-${index}`} />
              </Form.Item>
              <Form.Item name={[field.name, 'roleId']} rules={[{ required: true, message: t('sso.roleMapping.roleRequired') }]}>
                <Select
                  className="atrium-role-mapping-role"
                  placeholder={t('sso.roleMapping.role')}
                  aria-label={`${t('sso.roleMapping.role')} ${index + 1}`}
                  loading={roles.isLoading}
                  options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
                  data-testid={`${testId}-role-${index}`}
                />
              </Form.Item>
              <Button icon={<DeleteOutlined />} aria-label={t('sso.roleMapping.remove')} onClick={() => remove(field.name)} />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ group: '' })} disabled={fields.length >= ROLE_MAPPING_MAX} data-testid={`${testId}-add`}>
            {t('sso.roleMapping.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
