import { CompanyDomain, ReturnCode, RegistrationCompanyName, RegistrationFullName } from '@atrium/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ApiError } from '../../../shared/api/api-client';
import { claimOnForm } from '../../../shared/forms/form-failure';
import { zodRule } from '../../../shared/forms/zod-rule';
import { preferencesStore } from '../../../shared/preferences/preferences-store';
import { useCreateCompany } from '../api/registration.api';
import { PublicFrame } from '../components/public-frame';
import { useRegistration, WizardGuard } from '../registration-context';

interface CompanyValues {
  companyName: string;
  domain: string;
  fullName: string;
}

/** /create: the company's name and domain and the administrator's name; creating signs in. */
export function CreateCompanyPage() {
  return (
    <WizardGuard step="company">
      <CompanyStep />
    </WizardGuard>
  );
}

function CompanyStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state, reset, forgetSaved } = useRegistration();
  const [form] = Form.useForm<CompanyValues>();
  // Each failure once: the field a refusal names under it (a taken domain), the rest in the alert.
  const [failure, setFailure] = useState<ApiError | null>(null);
  const create = useCreateCompany(
    claimOnForm<keyof CompanyValues>(
      form,
      {
        paths: { companyName: 'companyName', domain: 'domain', fullName: 'fullName' },
        refusedText: () => t('registration.company.refused'),
      },
      (_message, error) => setFailure(error),
    ),
  );

  const submit = (values: CompanyValues) => {
    setFailure(null);
    create.mutate(
      {
        ...values,
        registrationToken: state.registrationToken ?? '',
        password: state.password ?? '',
        industry: state.industry!,
        size: state.size!,
      },
      {
        onSuccess: () => {
          // A new session starts: nothing cached before it belongs to it.
          queryClient.removeQueries();
          preferencesStore.deactivate();
          forgetSaved();
          void navigate('/', { replace: true });
        },
      },
    );
  };

  const isTokenGone = failure?.returncode === ReturnCode.REFUSED;
  return (
    <PublicFrame testId="page-create" step="company" title={t('registration.company.title')} subtitle={t('registration.company.subtitle')}>
      {failure ? (
        <Alert
          className="atrium-form-alert"
          type="error"
          showIcon
          role="alert"
          title={failure.message}
          {...(isTokenGone ? { description: <Link to="/register" onClick={reset}>{t('registration.startOver')}</Link> } : {})}
        />
      ) : null}
      <Form<CompanyValues> form={form} layout="vertical" requiredMark={false} size="large" onFinish={submit} disabled={create.isPending}>
        <Form.Item
          name="companyName"
          label={t('registration.company.companyName')}
          rules={[{ required: true, message: t('registration.company.companyNameRequired') }, zodRule(RegistrationCompanyName, t('registration.company.companyNameInvalid'))]}
        >
          <Input autoComplete="organization" data-testid="create-company-name" />
        </Form.Item>
        <Form.Item
          name="domain"
          label={t('registration.company.domain')}
          extra={t('registration.company.domainHint')}
          rules={[{ required: true, message: t('registration.company.domainRequired') }, zodRule(CompanyDomain, t('registration.company.domainInvalid'))]}
        >
          <Input maxLength={14} showCount autoComplete="off" data-testid="create-domain" />
        </Form.Item>
        <Form.Item
          name="fullName"
          label={t('registration.company.fullName')}
          rules={[{ required: true, message: t('registration.company.fullNameRequired') }, zodRule(RegistrationFullName, t('registration.company.fullNameInvalid'))]}
        >
          <Input autoComplete="name" data-testid="create-full-name" />
        </Form.Item>
        <div className="atrium-public-actions">
          <Button onClick={() => void navigate('/register-type')} disabled={create.isPending}>
            {t('registration.back')}
          </Button>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="create-submit">
            {t('registration.company.submit')}
          </Button>
        </div>
      </Form>
    </PublicFrame>
  );
}
