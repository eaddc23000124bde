import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { PHONE_PATTERN, TEXT_MAX, VISIT_MORE_VISITORS_MAX, VISITOR_NAME_MAX } from '@atrium/contract';
import { Button, Checkbox, Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** A person of the invitation form: name, and an e-mail or a phone. */
export interface ContactValues {
  name?: string;
  email?: string;
  phone?: string;
}

/** An invited visitor of the form: a person with their company and VIP mark. */
export interface InvitedVisitorValues extends ContactValues {
  company?: string;
  isVip?: boolean;
}

interface FieldsProps {
  form: FormInstance;
  /** Where the person sits in the form: [] for the main visitor, [list, index] for a row of a list. */
  prefix: (string | number)[];
  testId: string;
}

/** The name of a field inside `prefix`: a Form.List row names its fields from the row. */
const fieldName = (prefix: (string | number)[], field: string) => (prefix.length ? [prefix.at(-1)!, field] : field);

/** Name, e-mail and phone of one person: an e-mail or a phone is needed, each in its format. */
export function ContactFields({ form, prefix, testId }: FieldsProps) {
  const { t } = useTranslation();
  const path = (field: string) => [...prefix, field];
  const otherFilled = (other: string) => () => Boolean(String((form.getFieldValue(path(other)) as string | undefined) ?? '').trim());
  return (
    <>
      <Form.Item name={fieldName(prefix, 'name')} label={t('visitor.fields.name')} rules={[{ required: true, whitespace: true, message: t('visitor.rules.name') }]}>
        <Input maxLength={VISITOR_NAME_MAX} data-testid={`${testId}-name`} />
      </Form.Item>
      <div className="atrium-visit-row">
        <Form.Item
          name={fieldName(prefix, 'email')}
          label={t('visitor.fields.email')}
          dependencies={[path('phone')]}
          rules={[{ type: 'email', message: t('visitor.rules.email') }, { validator: (_, value) => (String(value ?? '').trim() || otherFilled('phone')() ? Promise.resolve() : Promise.reject(new Error(t('visitor.rules.contact')))) }]}
        >
          <Input type="email" inputMode="email" data-testid={`${testId}-email`} />
        </Form.Item>
        <Form.Item name={fieldName(prefix, 'phone')} label={t('visitor.fields.phone')} dependencies={[path('email')]} rules={[{ pattern: PHONE_PATTERN, message: t('visitor.rules.phone') }]}>
          <Input type="tel" inputMode="tel" data-testid={`${testId}-phone`} />
        </Form.Item>
      </div>
    </>
  );
}

/** An invited visitor: their contact fields, company and VIP mark (the main visitor and each further one alike). */
export function InvitedVisitorFields({ form, prefix, testId }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <ContactFields form={form} prefix={prefix} testId={testId} />
      <div className="atrium-visit-row">
        <Form.Item name={fieldName(prefix, 'company')} label={t('visitor.fields.company')}>
          <Input maxLength={TEXT_MAX} data-testid={`${testId}-company`} />
        </Form.Item>
        <Form.Item name={fieldName(prefix, 'isVip')} valuePropName="checked" className="atrium-visit-row-narrow">
          <Checkbox data-testid={`${testId}-vip`}>{t('visitor.fields.vip')}</Checkbox>
        </Form.Item>
      </div>
    </>
  );
}

/** Further visitors of a visit that is not a group's: each row becomes a visit, a pass and an invitation of its own. */
export function MoreVisitorsList({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  return (
    <Form.List name="moreVisitors">
      {(fields, { add, remove }) => (
        <fieldset className="atrium-visit-people" data-testid="more-visitors">
          <legend>{t('visitor.invite.moreVisitors')}</legend>
          <p className="atrium-muted">{t('visitor.invite.moreVisitorsHelp', { max: VISIT_MORE_VISITORS_MAX })}</p>
          {fields.map((field, index) => (
            <div key={field.key} className="atrium-visit-person" data-testid={`more-visitor-${index}`}>
              <Space align="baseline">
                {/* The main visitor is the first, so further ones count from 2. */}
                <strong>{t('visitor.invite.moreVisitor', { n: index + 2 })}</strong>
                <Button
                  type="text"
                  size="small"
                  icon={<MinusCircleOutlined />}
                  onClick={() => remove(field.name)}
                  aria-label={t('visitor.invite.removeVisitor', { n: index + 2 })}
                  data-testid={`more-visitor-${index}-remove`}
                />
              </Space>
              <InvitedVisitorFields form={form} prefix={['moreVisitors', field.name]} testId={`more-visitor-${index}`} />
            </div>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= VISIT_MORE_VISITORS_MAX} data-testid="more-visitor-add">
            {t('visitor.invite.addVisitor')}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}
