import { DeleteOutlined, EditOutlined, SyncOutlined } from '@ant-design/icons';
import type { VisitorDevice, VisitorDeviceKind } from '@atrium/contract';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useNow } from '../../../shared/hooks/use-now';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { EmptyState, tableEmpty } from '../../../shared/ui/empty-state';
import { ActivationCode, KioskStatus, LastSeen, offsetText } from './reception-device-parts';

/** What the user may do to a device; absent without roomsLocations:edit. */
export interface ReceptionDeviceActions {
  edit: (device: VisitorDevice) => void;
  /** A kiosk's new code; resolves once the server answered. */
  newCode: (device: VisitorDevice) => Promise<void>;
  remove: (device: VisitorDevice) => Promise<void>;
}

export interface ReceptionDeviceListProps {
  devices: VisitorDevice[];
  loading: boolean;
  actions?: ReceptionDeviceActions;
}

/** The sections, in the order reception meets them: the tablet, the label it prints, the door it opens. */
const SECTIONS: VisitorDeviceKind[] = ['pad', 'printer', 'door'];

/**
 * A place's reception devices in three sections (visitor kiosks, badge printers, door controllers):
 * tables on a wide screen, one card per device on a narrow one.
 */
export function ReceptionDeviceList({ devices, loading, actions }: ReceptionDeviceListProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const now = useNow(30_000);
  const printers = new Map(devices.filter((device) => device.kind === 'printer').map((device) => [device.id, device.name]));
  const kiosksOf = (printerId: number) => devices.filter((device) => device.kind === 'pad' && device.printerId === printerId).map((device) => device.name);

  /** Each kind's fields, label and value, shared by the table's columns and the narrow cards. */
  const fields: Record<VisitorDeviceKind, Array<{ key: string; label: string; value: (device: VisitorDevice) => ReactNode }>> = {
    pad: [
      { key: 'status', label: t('visitor.devices.fields.status'), value: (device) => <KioskStatusCell device={device} /> },
      { key: 'battery', label: t('visitor.devices.fields.battery'), value: (device) => (device.battery === null ? '—' : `${device.battery}%`) },
      {
        key: 'network',
        label: t('visitor.devices.fields.network'),
        value: (device) =>
          device.network || device.ip || device.mac ? (
            <span className="atrium-person">
              <span>{[device.network ? t(`visitor.devices.networks.${device.network}`, { defaultValue: device.network }) : null, device.ip].filter(Boolean).join(' · ')}</span>
              {device.mac ? <span className="atrium-muted">{t('visitor.devices.fields.mac')} {device.mac}</span> : null}
            </span>
          ) : (
            '—'
          ),
      },
      { key: 'appVersion', label: t('visitor.devices.fields.appVersion'), value: (device) => [device.platform, device.appVersion].filter(Boolean).join(' ') || '—' },
      { key: 'lastSeen', label: t('visitor.devices.fields.lastSeen'), value: (device) => <LastSeen at={device.lastSeenAt} now={now} /> },
      {
        key: 'printer',
        label: t('visitor.devices.fields.printer'),
        value: (device) => (device.printerId !== null && printers.has(device.printerId) ? printers.get(device.printerId) : <span className="atrium-muted">{t('visitor.devices.noPrinter')}</span>),
      },
    ],
    printer: [
      { key: 'stock', label: t('visitor.devices.fields.stock'), value: (device) => (device.stock ? t(`visitor.badge.stocks.${device.stock}`) : '—') },
      { key: 'offset', label: t('visitor.devices.fields.offset'), value: (device) => `X ${offsetText(device.offsetXMm)} · Y ${offsetText(device.offsetYMm)}` },
      { key: 'kiosks', label: t('visitor.devices.fields.usedBy'), value: (device) => kiosksOf(device.id).join(', ') || <span className="atrium-muted">{t('visitor.devices.noKiosk')}</span> },
    ],
    door: [
      {
        key: 'topic',
        label: t('visitor.devices.fields.topic'),
        value: (device) =>
          device.topic ? (
            <Typography.Text code copyable={{ text: device.topic }} className="atrium-reception-topic">
              {device.topic}
            </Typography.Text>
          ) : (
            <span className="atrium-muted">{t('visitor.devices.noBroker')}</span>
          ),
      },
    ],
  };

  const rowActions = (device: VisitorDevice) =>
    actions ? (
      <Space size={4} wrap>
        <Button size="small" type="link" icon={<EditOutlined />} onClick={() => actions.edit(device)} data-testid={`reception-edit-${device.id}`}>
          {t('visitor.devices.edit')}
        </Button>
        {device.kind === 'pad' ? (
          <Popconfirm
            title={t('visitor.devices.newCodeTitle', { name: device.name })}
            description={<div className="atrium-reception-confirm">{t(device.status === 'inactive' ? 'visitor.devices.newCodeInactive' : 'visitor.devices.newCodeSignsOut')}</div>}
            okText={t('visitor.devices.newCode')}
            cancelText={t('visitor.devices.keep')}
            okButtonProps={{ danger: device.status !== 'inactive', 'data-testid': 'reception-new-code-confirm' } as ButtonProps}
            onConfirm={() => actions.newCode(device)}
          >
            <Button size="small" type="link" icon={<SyncOutlined />} data-testid={`reception-new-code-${device.id}`}>
              {t('visitor.devices.newCode')}
            </Button>
          </Popconfirm>
        ) : null}
        <Popconfirm
          title={t('visitor.devices.deleteTitle', { name: device.name })}
          description={<div className="atrium-reception-confirm">{t(`visitor.devices.deleteHint.${device.kind}`)}</div>}
          okText={t('visitor.devices.delete')}
          cancelText={t('visitor.devices.keep')}
          okButtonProps={{ danger: true, 'data-testid': 'reception-delete-confirm' } as ButtonProps}
          onConfirm={() => actions.remove(device)}
        >
          <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`reception-delete-${device.id}`}>
            {t('visitor.devices.delete')}
          </Button>
        </Popconfirm>
      </Space>
    ) : null;

  const nameOf = (device: VisitorDevice) => (
    <span className="atrium-person">
      <TruncatedText text={device.name} isStrong />
      {device.serial ? <TruncatedText text={`${t('visitor.devices.fields.serial')} ${device.serial}`} className="atrium-muted" /> : null}
    </span>
  );

  return (
    <div className="atrium-reception-sections">
      {SECTIONS.map((kind) => {
        const list = devices.filter((device) => device.kind === kind);
        const title = (
          <span>
            {t(`visitor.devices.sections.${kind}`)} <span className="atrium-muted">({list.length})</span>
          </span>
        );
        const empty = t(`visitor.devices.empty.${kind}`);
        if (isNarrow) {
          return (
            <section key={kind} className="atrium-reception-section" data-testid={`reception-section-${kind}`}>
              <h2 className="atrium-reception-section-title">{title}</h2>
              {list.length === 0 ? <EmptyState isCompact description={empty} /> : null}
              {list.map((device) => (
                <Card key={device.id} size="small" className="atrium-reception-card" title={nameOf(device)} data-testid={`reception-device-${device.id}`}>
                  <dl className="atrium-reception-fields">
                    {fields[kind].map((field) => (
                      <div key={field.key}>
                        <dt>{field.label}</dt>
                        <dd>{field.value(device)}</dd>
                      </div>
                    ))}
                  </dl>
                  {rowActions(device)}
                </Card>
              ))}
            </section>
          );
        }
        const columns: ColumnsType<VisitorDevice> = [
          { key: 'name', title: t('visitor.devices.fields.name'), render: (_, device) => nameOf(device) },
          ...fields[kind].map((field) => ({ key: field.key, title: field.label, render: (_: unknown, device: VisitorDevice) => field.value(device) })),
          ...(actions ? [{ key: 'actions', title: t('visitor.fields.actions'), render: (_: unknown, device: VisitorDevice) => rowActions(device) }] : []),
        ];
        return (
          <Card key={kind} title={title} className="atrium-reception-section" data-testid={`reception-section-${kind}`}>
            <DataTable<VisitorDevice>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={list}
              loading={loading}
              pagination={false}
              onRow={(device) => ({ 'data-testid': `reception-device-${device.id}` }) as object}
              locale={tableEmpty(empty)}
            />
          </Card>
        );
      })}
    </div>
  );
}

/** A kiosk's status, and its code in large type while it waits to be typed on the tablet. */
function KioskStatusCell({ device }: { device: VisitorDevice }) {
  const { t } = useTranslation();
  return (
    <div className="atrium-reception-status">
      <KioskStatus device={device} />
      {device.status === 'inactive' && device.activationCode ? (
        <div>
          <span className="atrium-muted">{t('visitor.devices.fields.code')}</span>
          <br />
          <ActivationCode code={device.activationCode} testId={`reception-code-${device.id}`} />
        </div>
      ) : null}
    </div>
  );
}
