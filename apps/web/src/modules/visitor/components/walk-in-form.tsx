import { SelfRegisterBody, TEXT_MAX, VISITOR_NAME_MAX, WALK_IN_STAY_HOURS, type WalkInHost } from '@atrium/contract';
import { Alert, Button, ConfigProvider, Form, Input, Radio, Select } from 'antd';
import { useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';
import type { HostFinder } from '../api/walk-in.api';
import { useVisitorFormTheme, type VisitorControlSize } from './visitor-form-theme';
import { WalkInHostPicker } from './walk-in-host-picker';
import './walk-in-form.css';

interface WalkInValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  host: WalkInHost | null;
  reasonId?: number;
  stayHours: number;
}

/** What a walk-in sends, and whom they named (the kiosk says whose approval it waits for). */
export interface WalkInRegistration {
  body: SelfRegisterBody;
  host: WalkInHost;
}

/** The contract's rules for the visitor's own fields: the form refuses what the server would. */
const VISITOR_FIELDS = SelfRegisterBody.shape.visitor.shape;

const STAY_OPTIONS = Array.from({ length: WALK_IN_STAY_HOURS.max - WALK_IN_STAY_HOURS.min + 1 }, (_, at) => WALK_IN_STAY_HOURS.min + at);

const orNull = (value: string | undefined) => value?.trim() || null;

export interface WalkInFormProps {
  /** The company's visit reasons, one to choose. */
  reasons: ReadonlyArray<{ id: number; name: string }>;
  /** Where the host search asks: the kiosk's device call or the walk-in link's. */
  hostFinder: HostFinder;
  onSubmit: (registration: WalkInRegistration) => void;
  isSubmitting: boolean;
  /** The server's refusal, already in the visitor's language. */
  refusal: string | null;
  size: VisitorControlSize;
  /** The company's colour for the buttons and the chosen answers. */
  color: string;
  /** Gives up (the kiosk's Cancel): a phone has its back button. */
  onCancel?: () => void;
}

/**
 * A visitor who came without an invitation registers themselves (the kiosk, and a place's walk-in
 * link): name, company, an e-mail or a phone, whom they visit, why and for how long.
 */
export function WalkInForm({ reasons, hostFinder, onSubmit, isSubmitting, refusal, size, color, onCancel }: WalkInFormProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<WalkInValues>();
  const theme = useVisitorFormTheme(color, size);
  const hasText = (field: 'email' | 'phone') => Boolean((form.getFieldValue(field) as string | undefined)?.trim());

  // The messages under the fields follow a switch of language: the visitor may have switched because of them.
  useEffect(() => {
    const refused = form.getFieldsError().filter((field) => field.errors.length > 0).map((field) => field.name);
    if (refused.length > 0) form.validateFields(refused).catch(() => undefined);
  }, [form, i18n.language]);

  const submit = (values: WalkInValues) => {
    const host = values.host!;
    onSubmit({
      host,
      body: {
        visitor: { name: values.name.trim(), email: orNull(values.email), phone: orNull(values.phone), company: orNull(values.company) },
        hostId: host.id,
        reasonId: values.reasonId!,
        stayHours: values.stayHours,
      },
    });
  };

  return (
    <ConfigProvider theme={theme}>
      <Form<WalkInValues>
        form={form}
        name="walk-in"
        layout="vertical"
        requiredMark={false}
        className={`walk-in-form is-${size}`}
        style={{ '--walk-in-color': theme.token.colorPrimary } as CSSProperties}
        onFinish={submit}
        disabled={isSubmitting}
        initialValues={{ name: '', email: '', phone: '', company: '', host: null, reasonId: reasons.length === 1 ? reasons[0]!.id : undefined, stayHours: WALK_IN_STAY_HOURS.default }}
        data-testid="walk-in-form"
      >
        <Form.Item name="name" label={t('visitor.register.name')} rules={[zodRule(VISITOR_FIELDS.name, t('visitor.register.nameRequired'))]}>
          <Input maxLength={VISITOR_NAME_MAX} autoComplete="name" data-testid="walk-in-name" />
        </Form.Item>
        <Form.Item name="company" label={t('visitor.register.company')}>
          <Input maxLength={TEXT_MAX} autoComplete="organization" data-testid="walk-in-company" />
        </Form.Item>
        <p className="walk-in-hint walk-in-wide">{t('visitor.register.contactHint')}</p>
        <Form.Item
          name="email"
          label={t('visitor.fields.email')}
          dependencies={['phone']}
          rules={[
            zodRule(VISITOR_FIELDS.email, t('visitor.rules.email')),
            { validator: (_, value: string | undefined) => (value?.trim() || hasText('phone') ? Promise.resolve() : Promise.reject(new Error(t('visitor.rules.contact')))) },
          ]}
        >
          <Input type="email" inputMode="email" autoComplete="email" data-testid="walk-in-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('visitor.fields.phone')} rules={[zodRule(VISITOR_FIELDS.phone, t('visitor.rules.phone'))]}>
          <Input type="tel" inputMode="tel" autoComplete="tel" data-testid="walk-in-phone" />
        </Form.Item>
        <Form.Item name="host" className="walk-in-wide" label={t('visitor.register.host')} rules={[{ required: true, message: t('visitor.register.hostRequired') }]}>
          <WalkInHostPicker finder={hostFinder} />
        </Form.Item>
        <Form.Item name="reasonId" className="walk-in-wide" label={t('visitor.fields.reason')} rules={[{ required: true, message: t('visitor.rules.reason') }]}>
          <Radio.Group className="walk-in-reasons" options={reasons.map((reason) => ({ value: reason.id, label: reason.name }))} data-testid="walk-in-reason" />
        </Form.Item>
        <Form.Item name="stayHours" label={t('visitor.register.stay')}>
          <Select
            options={STAY_OPTIONS.map((hours) => ({ value: hours, label: t('visitor.register.stayHours', { count: hours }) }))}
            className="walk-in-stay"
            data-testid="walk-in-stay"
          />
        </Form.Item>
        {refusal ? <Alert type="error" showIcon title={refusal} className="walk-in-refusal walk-in-wide" data-testid="walk-in-refusal" /> : null}
        <div className="walk-in-actions walk-in-wide">
          {onCancel ? (
            <Button onClick={onCancel} data-testid="walk-in-cancel">
              {t('visitor.register.cancel')}
            </Button>
          ) : null}
          <Button type="primary" htmlType="submit" loading={isSubmitting} data-testid="walk-in-submit">
            {t('visitor.register.submit')}
          </Button>
        </div>
      </Form>
    </ConfigProvider>
  );
}
