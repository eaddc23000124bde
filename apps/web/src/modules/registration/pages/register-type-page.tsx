import { COMPANY_INDUSTRIES, COMPANY_SIZE_BANDS, type CompanyIndustry, type CompanySizeBand } from '@atrium/contract';
import { Button, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicFrame } from '../components/public-frame';
import { useRegistration, WizardGuard } from '../registration-context';

interface TypeValues {
  industry: CompanyIndustry;
  size: CompanySizeBand;
}

/** The translation key of an industry value ("Professional services" → professionalServices). */
export const industryKey = (industry: CompanyIndustry) =>
  `registration.industries.${industry.replace(/ (\w)/g, (_whole, letter: string) => letter.toUpperCase()).replace(/^\w/, (letter) => letter.toLowerCase())}`;

/** /register-type: the company's industry and size. */
export function RegisterTypePage() {
  return (
    <WizardGuard step="type">
      <TypeStep />
    </WizardGuard>
  );
}

function TypeStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, update } = useRegistration();

  const submit = (values: TypeValues) => {
    update(values);
    void navigate('/create');
  };

  return (
    <PublicFrame testId="page-register-type" step="type" title={t('registration.type.title')} subtitle={t('registration.type.subtitle')}>
      <Form<TypeValues>
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ ...(state.industry ? { industry: state.industry } : {}), ...(state.size ? { size: state.size } : {}) }}
        onFinish={submit}
      >
        <Form.Item name="industry" label={t('registration.type.industry')} rules={[{ required: true, message: t('registration.type.industryRequired') }]}>
          <Radio.Group
            className="atrium-choice-group"
            optionType="button"
            data-testid="register-industry"
            options={COMPANY_INDUSTRIES.map((industry) => ({ value: industry, label: t(industryKey(industry)) }))}
          />
        </Form.Item>
        <Form.Item name="size" label={t('registration.type.size')} rules={[{ required: true, message: t('registration.type.sizeRequired') }]}>
          <Radio.Group
            className="atrium-choice-group"
            optionType="button"
            data-testid="register-size"
            options={COMPANY_SIZE_BANDS.map((size) => ({ value: size, label: t('registration.type.people', { band: size }) }))}
          />
        </Form.Item>
        <div className="atrium-public-actions">
          <Button onClick={() => void navigate('/register-pwd')}>{t('registration.back')}</Button>
          <Button type="primary" htmlType="submit" data-testid="register-type-submit">
            {t('registration.next')}
          </Button>
        </div>
      </Form>
    </PublicFrame>
  );
}
