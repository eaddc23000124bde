import { BankOutlined } from '@ant-design/icons';
import { COMPANY_SIZE_BANDS, CompanyDomain, TEXT_MAX, type CompanyInfo, type UpdateCompanyBody } from '@atrium/contract';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { ImageUpload } from '../../../shared/ui/image-upload';
import { useUpdateCompany } from '../api/company.api';

type CompanyValues = Omit<UpdateCompanyBody, 'logo'> & { logo: string | null };

const CONTACTS = ['billingEmail', 'supportEmail', 'emergencyEmail'] as const;
const Email = z.email();

export interface CompanyFormProps {
  company: CompanyInfo;
  canEdit: boolean;
}

const toValues = (company: CompanyInfo): CompanyValues => ({
  companyName: company.companyName,
  address: company.address ?? '',
  logo: company.logo,
  postalCode: company.postalCode ?? '',
  country: company.country ?? '',
  industry: company.industry ?? '',
  companyDomain: company.companyDomain ?? '',
  sizeBand: company.sizeBand,
  billingEmail: company.billingEmail ?? '',
  supportEmail: company.supportEmail ?? '',
  emergencyEmail: company.emergencyEmail ?? '',
});

/** The company information form (spec 000 sections 3 and 5); its tab asks before unsaved changes go. */
export function CompanyForm({ company, canEdit }: CompanyFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useUpdateCompany();
  const [form] = Form.useForm<CompanyValues>();
  const initialValues = toValues(company);
  const dirty = useFormDirty(form, { initialValues });
  useUnsavedChanges(dirty.isDirty);

  const submit = (values: CompanyValues) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        void message.success(t('company.saved'));
        form.setFieldsValue(toValues(saved));
        dirty.markClean();
      },
    });

  const emailRules = CONTACTS.map(() => [
    zodRule(z.union([z.literal(''), z.undefined(), Email]), t('company.emailInvalid')),
    ({ getFieldValue }: { getFieldValue: (field: string) => unknown }) => ({
      validator: () =>
        CONTACTS.some((field) => String(getFieldValue(field) ?? '').trim())
          ? Promise.resolve()
          : Promise.reject(new Error(t('company.contactRequired'))),
    }),
  ]);

  return (
    <Card className="atrium-card" data-testid="company-form-card">
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} /> : null}
      <Form<CompanyValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending}>
        <Form.Item name="logo" label={t('company.logo')}>
          <ImageUpload
            kind="logo"
            testId="company-logo"
            disabled={!canEdit}
            hint={t('company.logoHint')}
            preview={(logo) =>
              logo ? <img src={logo} alt={t('company.logo')} className="atrium-company-logo-preview" data-testid="company-logo-preview" /> : <BankOutlined className="atrium-company-logo-empty" />
            }
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="companyName" label={t('company.name')} rules={[{ required: true, whitespace: true, message: t('company.nameRequired') }, { max: TEXT_MAX }]}>
              <Input maxLength={TEXT_MAX} data-testid="company-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="companyDomain"
              label={t('company.domain')}
              extra={t('company.domainHint')}
              rules={[{ required: true, message: t('company.domainRequired') }, zodRule(CompanyDomain, t('company.domainInvalid'))]}
            >
              <Input maxLength={14} data-testid="company-domain" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('company.address')} rules={[{ required: true, whitespace: true, message: t('company.addressRequired') }]}>
              <Input maxLength={TEXT_MAX} data-testid="company-address" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="postalCode" label={t('company.postalCode')}>
              <Input maxLength={32} data-testid="company-postal-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="country" label={t('company.country')}>
              <Input maxLength={TEXT_MAX} data-testid="company-country" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="industry" label={t('company.industry')}>
              <Input maxLength={TEXT_MAX} data-testid="company-industry" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sizeBand" label={t('company.sizeBand')}>
              <Select
                allowClear
                data-testid="company-size-band"
                placeholder={t('company.sizeBandPlaceholder')}
                options={COMPANY_SIZE_BANDS.map((band) => ({ value: band, label: t(`company.sizeBands.${band}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <h3 className="atrium-company-section">{t('company.contacts')}</h3>
        <p className="atrium-muted atrium-card-intro">{t('company.contactsHint')}</p>
        <Row gutter={16}>
          {CONTACTS.map((name, index) => (
            <Col xs={24} md={8} key={name}>
              <Form.Item name={name} label={t(`company.${name}`)} dependencies={CONTACTS.filter((other) => other !== name)} rules={emailRules[index]}>
                <Input type="email" maxLength={TEXT_MAX} data-testid={`company-${name}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="company-submit">
            {t('company.submit')}
          </Button>
        ) : (
          <p className="atrium-muted">{t('company.readOnly')}</p>
        )}
      </Form>
    </Card>
  );
}
