import { Modal, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Which meetings of a series a change applies to. */
export type SeriesScope = 'one' | 'following' | 'all';

export interface ScopeDialogProps {
  /** The choice while the dialog is open; null while it is closed. */
  value: SeriesScope | null;
  onChange: (scope: SeriesScope) => void;
  /** The confirmed choice, or null when the dialog is cancelled. */
  onClose: (scope: SeriesScope | null) => void;
}

/** Asks whether a change to a repeating meeting applies to this one, the following ones or all. */
export function ScopeDialog({ value, onChange, onClose }: ScopeDialogProps) {
  const { t } = useTranslation();
  return (
    // Asked from inside the form or details drawer: above them (antd stacks later layers on top).
    <Modal open={value !== null} zIndex={1100} title={t('booking.scope.title')} onCancel={() => onClose(null)} onOk={() => onClose(value ?? 'one')} data-testid="reserve-scope">
      <Radio.Group value={value} onChange={(event) => onChange(event.target.value as SeriesScope)}>
        <Space direction="vertical">
          <Radio value="one">{t('booking.scope.one')}</Radio>
          <Radio value="following">{t('booking.scope.following')}</Radio>
          <Radio value="all">{t('booking.scope.all')}</Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}
