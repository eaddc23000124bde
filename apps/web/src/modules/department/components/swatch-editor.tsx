import { DeleteOutlined } from '@ant-design/icons';
import { ColorAlpha, DEFAULT_COLOR, HEX_COLOR, normalizeSwatchColor, type Swatch } from '@atrium/contract';
import { Button, ColorPicker, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { NumberInput } from '../../../shared/ui/number-input';

export interface SwatchValues {
  color: string;
  alpha: number;
}

export interface SwatchEditorProps {
  open: boolean;
  /** The swatch being edited; null to add one. */
  swatch: Swatch | null;
  saving: boolean;
  onSave: (values: SwatchValues) => void;
  onDelete: (swatch: Swatch) => void;
  onClose: () => void;
}

/** An alpha as typed: 0 to 100; anything else (empty, not a number, out of range) becomes 100. */
export function alphaOf(value: unknown): number {
  const parsed = ColorAlpha.safeParse(value);
  return parsed.success ? parsed.data : 100;
}

/**
 * The colour input of spec 000 section 5: a valid hex, and an alpha from 0 to 100 where a non-number
 * becomes 100. Asks before unsaved changes go.
 */
export function SwatchEditor({ open, swatch, saving, onSave, onDelete, onClose }: SwatchEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ color: string; alpha: number | string | null }>();
  const color = Form.useWatch('color', form) ?? '';
  const alpha = alphaOf(Form.useWatch('alpha', form));
  const preview = HEX_COLOR.test(color) ? normalizeSwatchColor(color, alpha) : null;
  const initialValues = { color: swatch ? swatch.color.slice(0, 7) : DEFAULT_COLOR, alpha: swatch?.alpha ?? 100 };
  const dirty = useFormDirty(form, { initialValues, isOpen: open });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  const submit = (values: { color: string; alpha: number | string | null }) => onSave({ color: values.color.trim(), alpha: alphaOf(values.alpha) });

  return (
    <Modal
      open={open}
      title={swatch ? t('department.palette.editTitle') : t('department.palette.addTitle')}
      onCancel={() => confirmLeave(onClose)}
      destroyOnHidden
      okText={t('department.actions.save')}
      cancelText={t('department.actions.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'group-swatch-save' }}
      onOk={() => form.submit()}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space wrap>
          {swatch ? (
            <Button danger icon={<DeleteOutlined />} onClick={() => onDelete(swatch)} data-testid="group-swatch-delete">
              {t('department.actions.delete')}
            </Button>
          ) : null}
          <CancelBtn />
          <OkBtn />
        </Space>
      )}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} onValuesChange={dirty.onValuesChange} initialValues={initialValues}>
        <Space align="start" wrap>
          <ColorPicker
            value={preview ?? undefined}
            onChange={(value) => {
              const hex = value.toHexString().toUpperCase();
              form.setFieldsValue({ color: hex.slice(0, 7), alpha: Math.round(value.toHsb().a * 100) });
              // Set from code, yet the user's choice.
              dirty.onValuesChange();
            }}
            aria-label={t('department.palette.picker')}
          />
          <Form.Item
            name="color"
            label={t('department.palette.hex')}
            rules={[{ required: true, pattern: HEX_COLOR, message: t('department.palette.hexInvalid') }]}
          >
            <Input maxLength={7} placeholder="#409EFF" data-testid="group-swatch-hex" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="alpha" label={t('department.palette.alpha')} extra={t('department.palette.alphaHint')}>
            {/* The colour rule (spec 000 section 5): anything but a number from 0 to 100 becomes 100 when saved. */}
            <NumberInput min={0} max={100} suffix="%" data-testid="group-swatch-alpha" style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <div className="group-swatch-preview" style={preview ? { background: preview } : undefined} aria-hidden />
      </Form>
    </Modal>
  );
}
