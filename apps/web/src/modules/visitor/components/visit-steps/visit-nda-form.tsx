import { SignVisitNdaBody, VISITOR_NAME_MAX } from '@atrium/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../../shared/forms/zod-rule';
import type { VisitorControlSize } from '../visitor-form-theme';
import './visit-steps.css';

export interface VisitNdaFormProps {
  /** The agreement as the visit's rule holds it. */
  text: string;
  /** Signs with the name as typed (trimmed). */
  onSign: (signedName: string) => void;
  isSigning: boolean;
  size: VisitorControlSize;
}

/**
 * The non-disclosure agreement a visit asks to be signed before check-in (on the visitor's pass and at
 * the kiosk): its text in a box the visitor scrolls through, and their full name typed as the signature.
 */
export function VisitNdaForm({ text, onSign, isSigning, size }: VisitNdaFormProps) {
  const { t } = useTranslation();
  return (
    <div className={`visit-steps-nda is-${size}`}>
      <p className="visit-steps-help">{t('visitor.visitSteps.ndaHelp')}</p>
      {/* Focusable, so that a keyboard scrolls it too. */}
      <div className="visit-steps-nda-text" role="region" aria-label={t('visitor.visitSteps.ndaText')} tabIndex={0} data-testid="visit-steps-nda-text">
        {text}
      </div>
      <Form<{ signedName: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={({ signedName }) => onSign(signedName.trim())}
        disabled={isSigning}
        initialValues={{ signedName: '' }}
        className="visit-steps-nda-form"
      >
        <Form.Item
          name="signedName"
          label={t('visitor.visitSteps.signedName')}
          rules={[zodRule(SignVisitNdaBody.shape.signedName, t('visitor.visitSteps.signedNameRequired'))]}
        >
          <Input maxLength={VISITOR_NAME_MAX} autoComplete="name" data-testid="visit-steps-nda-name" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isSigning} data-testid="visit-steps-nda-sign">
          {t('visitor.visitSteps.sign')}
        </Button>
      </Form>
    </div>
  );
}
