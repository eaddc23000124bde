import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { hasPermission, REPAIR_PHOTOS_MAX, REPAIR_TEXT_MAX, REPAIR_TITLE_MAX, type RepairTarget } from '@atrium/contract';
import { App, Button, Checkbox, Form, Input, Modal, Select, Space, type ButtonProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useSession } from '../../../shared/session/session-context';
import { useReportProblem, useRepairTargets } from '../api/repair.api';
import './report-problem-dialog.css';

export interface ReportProblemDialogProps {
  /** The desk or room it is about (from a desk's dialog); absent: the reporter picks one. */
  target?: RepairTarget;
  onClose(): void;
}

interface Values {
  targetKey?: string;
  title: string;
  description?: string;
  blocksUse?: boolean;
}

const keyOf = (target: Pick<RepairTarget, 'kind' | 'id'>) => `${target.kind}:${target.id}`;

/**
 * Reporting a problem with a desk or room: what is wrong, details and photos (a phone's camera
 * offers itself); the people who look after repairs may take it out of use at once, which moves its
 * bookings (the answer says how many).
 */
export function ReportProblemDialog({ target, onClose }: ReportProblemDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const canBlock = hasPermission(user.permissions, 'events:edit');
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 250);
  const targets = useRepairTargets(keyword, target === undefined);
  const [photos, setPhotos] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const report = useReportProblem();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty || photos.length > 0);

  async function submit(values: Values) {
    const [kind, id] = (values.targetKey ?? (target ? keyOf(target) : '')).split(':');
    try {
      const filed = await report.mutateAsync({
        body: { kind: kind as RepairTarget['kind'], targetId: Number(id), title: values.title, description: values.description || null, blocksUse: canBlock && values.blocksUse === true },
        photos,
      });
      const cancelled = filed.moves.filter((move) => move.toName === null).length;
      const moved = filed.moves.length - cancelled;
      void message.success(filed.moves.length > 0 ? `${t('repair.form.done')} · ${t('repair.form.moved', { moved, cancelled })}` : t('repair.form.done'));
      onClose();
    } catch {
      // The client has shown the server's reason.
    }
  }

  return (
    <Modal
      open
      title={t('repair.form.title')}
      onCancel={() => confirmLeave(onClose)}
      okText={t('repair.form.submit')}
      cancelText={t('repair.form.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: report.isPending, 'data-testid': 'repair-report-submit' } as ButtonProps}
      destroyOnHidden
      data-testid="repair-report-dialog"
    >
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)} onValuesChange={dirty.onValuesChange} requiredMark={false}>
        {target ? (
          <Form.Item label={t('repair.form.target')}>
            <span data-testid="repair-report-target">
              {[`${t(`repair.kinds.${target.kind}`)} ${target.name}`, target.place].filter(Boolean).join(' · ')}
            </span>
          </Form.Item>
        ) : (
          <Form.Item name="targetKey" label={t('repair.form.target')} rules={[{ required: true, message: t('repair.form.targetPlaceholder') }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setSearch}
              loading={targets.isFetching}
              placeholder={t('repair.form.targetPlaceholder')}
              options={(targets.data ?? []).map((option) => ({ value: keyOf(option), label: `${t(`repair.kinds.${option.kind}`)} ${option.name} · ${option.place}` }))}
              data-testid="repair-report-target-select"
            />
          </Form.Item>
        )}
        <Form.Item name="title" label={t('repair.form.problem')} rules={[{ required: true, whitespace: true, message: t('repair.form.problemPlaceholder') }]}>
          <Input maxLength={REPAIR_TITLE_MAX} placeholder={t('repair.form.problemPlaceholder')} data-testid="repair-report-title" />
        </Form.Item>
        <Form.Item name="description" label={t('repair.form.description')}>
          <Input.TextArea maxLength={REPAIR_TEXT_MAX} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="repair-report-description" />
        </Form.Item>
        <Form.Item label={t('repair.form.photos', { count: REPAIR_PHOTOS_MAX })}>
          <Space wrap>
            {photos.map((photo, index) => (
              <span key={`${photo.name}-${index}`} className="atrium-repair-photo-chip">
                {photo.name}
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`${t('repair.form.cancel')} ${photo.name}`}
                  onClick={() => setPhotos((kept) => kept.filter((_, at) => at !== index))}
                />
              </span>
            ))}
            {photos.length < REPAIR_PHOTOS_MAX ? (
              <Button icon={<CameraOutlined />} onClick={() => fileInput.current?.click()} data-testid="repair-report-add-photo">
                {t('repair.form.addPhoto')}
              </Button>
            ) : null}
          </Space>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png"
            style={{ display: 'none' }}
            tabIndex={-1}
            aria-label={t('repair.form.addPhoto')}
            data-testid="repair-report-photo-input"
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              setPhotos((kept) => [...kept, ...chosen].slice(0, REPAIR_PHOTOS_MAX));
              event.target.value = '';
            }}
          />
        </Form.Item>
        {canBlock ? (
          <Form.Item name="blocksUse" valuePropName="checked" extra={t('repair.form.blocksUseHelp')}>
            <Checkbox data-testid="repair-report-blocks">{t('repair.form.blocksUse')}</Checkbox>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
