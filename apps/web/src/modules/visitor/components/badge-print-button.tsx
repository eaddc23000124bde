import { PrinterOutlined } from '@ant-design/icons';
import { BADGE_STOCKS, type BadgeStockName } from '@atrium/contract';
import { Button, Popover, Radio, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openBadge, readBadgeStock } from '../api/visitor-badge.api';

export interface BadgePrintButtonProps {
  visitId: number;
  size?: ButtonProps['size'];
}

/**
 * "Print badge" (reception, decision 0018 "Badges"): the label stock, as this computer printed last,
 * then the badge's PDF in a new tab, printed from there.
 */
export function BadgePrintButton({ visitId, size }: BadgePrintButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [stock, setStock] = useState<BadgeStockName>(readBadgeStock);

  function toggle(next: boolean) {
    // Another row may have printed on another stock since this one was drawn.
    if (next) setStock(readBadgeStock());
    setOpen(next);
  }

  function print() {
    openBadge(visitId, stock);
    setOpen(false);
  }

  const content = (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 280 }}>
      <Radio.Group
        value={stock}
        onChange={(event) => setStock(event.target.value as BadgeStockName)}
        aria-label={t('visitor.badge.stock')}
        style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
        options={BADGE_STOCKS.map((value) => ({ value, label: t(`visitor.badge.stocks.${value}`) }))}
        data-testid={`visit-badge-stock-${visitId}`}
      />
      <Typography.Text type="secondary">{t('visitor.badge.help')}</Typography.Text>
      <Button type="primary" icon={<PrinterOutlined />} onClick={print} data-testid={`visit-badge-open-${visitId}`}>
        {t('visitor.badge.open')}
      </Button>
    </div>
  );

  return (
    <Popover content={content} title={t('visitor.badge.stock')} trigger="click" placement="bottomRight" open={open} onOpenChange={toggle}>
      <Button size={size} icon={<PrinterOutlined />} data-testid={`visit-badge-${visitId}`}>
        {t('visitor.badge.print')}
      </Button>
    </Popover>
  );
}
