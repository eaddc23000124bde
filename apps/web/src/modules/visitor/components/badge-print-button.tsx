import { PrinterOutlined } from '@ant-design/icons';
import { BADGE_STOCKS } from '@atrium/contract';
import { Button, Popover, Radio, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openBadge, readBadgeTarget, useBadgePrinters, type BadgeTarget } from '../api/visitor-badge.api';

export interface BadgePrintButtonProps {
  visitId: number;
  size?: ButtonProps['size'];
}

/** A radio value: `printer:<id>` or `stock:<name>`. */
const valueOf = (target: BadgeTarget) => ('printerId' in target ? `printer:${target.printerId}` : `stock:${target.stock}`);
const targetOf = (value: string): BadgeTarget => {
  const [kind, rest] = value.split(':') as [string, string];
  return kind === 'printer' ? { printerId: Number(rest) } : { stock: rest as (typeof BADGE_STOCKS)[number] };
};

/**
 * "Print badge" (reception, decision 0018 "Badges"): a badge printer of the reception devices page (its
 * stock and calibration) or a bare label stock, as this computer printed last, then the badge's PDF in
 * a new tab, printed from there.
 */
export function BadgePrintButton({ visitId, size }: BadgePrintButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const printers = useBadgePrinters(open).data ?? [];
  const [choice, setChoice] = useState<BadgeTarget | null>(null);
  // Another row may have printed elsewhere since this one was drawn: the choice is read when the popover opens.
  const target = choice ?? readBadgeTarget(printers);

  function toggle(next: boolean) {
    setChoice(null);
    setOpen(next);
  }

  function print() {
    openBadge(visitId, target);
    setOpen(false);
  }

  const options = [
    ...printers.map((printer) => ({
      value: valueOf({ printerId: printer.id }),
      label: `${printer.name} · ${[printer.location.buildingName, printer.location.name].filter(Boolean).join(' · ')} (${t(`visitor.badge.stocks.${printer.stock ?? 'ql62x100'}`)})`,
    })),
    ...BADGE_STOCKS.map((value) => ({ value: valueOf({ stock: value }), label: t(`visitor.badge.stocks.${value}`) })),
  ];

  const content = (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 280 }}>
      <Radio.Group
        value={valueOf(target)}
        onChange={(event) => setChoice(targetOf(event.target.value as string))}
        aria-label={t('visitor.badge.stock')}
        style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
        options={options}
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
