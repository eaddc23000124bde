import { RejectVisitBody, VISIT_NOTE_MAX, type Visit } from '@atrium/contract';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useApproveVisit, useRejectVisit } from '../api/visitor.api';

export interface ApplicationActionsProps {
  visit: Pick<Visit, 'id' | 'visitorName'>;
  size?: ButtonProps['size'];
}

/**
 * A pending application's decision, on the applications page and the visit's details: Approve at
 * once (the visitor may be waiting at the door), or Reject with a reason for the visitor. Both toast
 * the server's answer.
 */
export function ApplicationActions({ visit, size }: ApplicationActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const approve = useApproveVisit();
  const [isRejecting, setRejecting] = useState(false);

  async function approveNow() {
    try {
      const answer = await approve.mutateAsync({ id: visit.id });
      void message.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <Space size="small" wrap>
      <Button size={size} type="primary" loading={approve.isPending} onClick={() => void approveNow()} data-testid={`visit-approve-${visit.id}`}>
        {t('visitor.apply.approve')}
      </Button>
      <Button size={size} danger onClick={() => setRejecting(true)} disabled={approve.isPending} data-testid={`visit-reject-${visit.id}`}>
        {t('visitor.apply.reject')}
      </Button>
      {isRejecting ? <RejectDialog visit={visit} onClose={() => setRejecting(false)} /> : null}
    </Space>
  );
}

interface RejectValues {
  reason?: string;
}

/** The rejection's reason, which the visitor reads on their pass: required, and a typed one is not dropped unasked. */
function RejectDialog({ visit, onClose }: { visit: ApplicationActionsProps['visit']; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RejectValues>();
  const reject = useRejectVisit();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  async function submit(values: RejectValues) {
    try {
      const answer = await reject.mutateAsync({ id: visit.id, reason: values.reason?.trim() ?? '' });
      void message.success(answer.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <Modal
      open
      title={t('visitor.apply.rejectTitle', { name: visit.visitorName })}
      okText={t('visitor.apply.reject')}
      cancelText={t('visitor.apply.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'visit-reject-send' } as ButtonProps}
      confirmLoading={reject.isPending}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      destroyOnHidden
    >
      <Form<RejectValues> form={form} layout="vertical" onValuesChange={dirty.onValuesChange} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="reason"
          label={t('visitor.apply.rejectReason')}
          extra={t('visitor.apply.rejectReasonHelp')}
          required
          rules={[zodRule(RejectVisitBody.shape.reason, t('visitor.apply.rejectReasonRequired'))]}
        >
          <Input.TextArea rows={3} maxLength={VISIT_NOTE_MAX} showCount data-testid="visit-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
