import { ConfirmVisitPassBody, TEXT_MAX, VISITOR_NAME_MAX, type VisitPass } from '@atrium/contract';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { claimOnForm } from '../../../shared/forms/form-failure';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useConfirmVisitPass } from '../api/visit-pass.api';

interface ConfirmValues {
  name: string;
  company: string;
  email: string;
  phone: string;
}

type ConfirmField = keyof ConfirmValues;

/** The text under a field the server refused (a 400 names fields in the schema's English). */
const REFUSED: Record<ConfirmField, string> = {
  name: 'visitor.pass.nameRequired',
  company: 'visitor.pass.companyRefused',
  email: 'visitor.rules.email',
  phone: 'visitor.rules.phone',
};

const FIELDS: Record<ConfirmField, ConfirmField> = { name: 'name', company: 'company', email: 'email', phone: 'phone' };

const orNull = (value: string | undefined) => value?.trim() || null;

export interface VisitPassConfirmProps {
  pass: VisitPass;
  token: string;
}

/**
 * The visitor confirms they come, with their details as the host should have them (pre-registration);
 * once confirmed, the same form updates them while the visit can still change.
 */
export function VisitPassConfirm({ pass, token }: VisitPassConfirmProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ConfirmValues>();
  const confirm = useConfirmVisitPass(token, claimOnForm<ConfirmField>(form, { paths: FIELDS, refusedText: (field) => t(REFUSED[field]) }));
  const isConfirmed = pass.respondedAt !== null;
  const hasOther = (field: ConfirmField) => Boolean((form.getFieldValue(field) as string | undefined)?.trim());

  const submit = (values: ConfirmValues) =>
    confirm.mutate(
      { name: values.name.trim(), company: orNull(values.company), email: orNull(values.email), phone: orNull(values.phone) },
      { onSuccess: (answer) => void message.success(answer.message) },
    );

  return (
    <section className="atrium-pass-section" data-testid="visit-pass-confirm">
      <h2>{t(isConfirmed ? 'visitor.pass.detailsTitle' : 'visitor.pass.confirmTitle')}</h2>
      <p className="atrium-pass-lead">{t('visitor.pass.confirmHelp')}</p>
      <Form<ConfirmValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={confirm.isPending}
        initialValues={{ name: pass.visitorName, company: pass.visitorCompany ?? '', email: pass.email ?? '', phone: pass.phone ?? '' }}
      >
        <Form.Item name="name" label={t('visitor.fields.name')} rules={[{ required: true, whitespace: true, message: t('visitor.pass.nameRequired') }]}>
          <Input maxLength={VISITOR_NAME_MAX} autoComplete="name" data-testid="visit-pass-name" />
        </Form.Item>
        <Form.Item name="company" label={t('visitor.fields.company')}>
          <Input maxLength={TEXT_MAX} autoComplete="organization" data-testid="visit-pass-company" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('visitor.fields.email')}
          dependencies={['phone']}
          rules={[
            zodRule(ConfirmVisitPassBody.shape.email, t('visitor.rules.email')),
            { validator: (_, value: string | undefined) => (value?.trim() || hasOther('phone') ? Promise.resolve() : Promise.reject(new Error(t('visitor.rules.contact')))) },
          ]}
        >
          <Input type="email" inputMode="email" autoComplete="email" data-testid="visit-pass-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('visitor.fields.phone')} rules={[zodRule(ConfirmVisitPassBody.shape.phone, t('visitor.rules.phone'))]}>
          <Input type="tel" inputMode="tel" autoComplete="tel" data-testid="visit-pass-phone" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={confirm.isPending} data-testid="visit-pass-submit">
          {t(isConfirmed ? 'visitor.pass.update' : 'visitor.pass.confirm')}
        </Button>
      </Form>
    </section>
  );
}
