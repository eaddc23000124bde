import { DeleteOutlined, DownloadOutlined, EditOutlined, FilePdfOutlined, PlusOutlined, QrcodeOutlined, UploadOutlined } from '@ant-design/icons';
import { hasPermission, type Desk, type DeskFloor, type Neighbourhood } from '@atrium/contract';
import { App, Button, Popconfirm, Select, Space, Tag } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/download';
import { useSession } from '../../../shared/session/session-context';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { exportDesks, useDeleteDesks, useDeskFloors, useDesks } from '../api/desk.api';
import { DeskDialog } from '../components/desk-dialog';
import { DeskImportDialog } from '../components/desk-import-dialog';
import { NeighbourhoodDialog } from '../components/neighbourhood-dialog';
import { NeighbourhoodTag } from '../components/neighbourhood-tag';
import { TellOwnerButton } from '../components/tell-owner-button';
import './desk-settings-page.css';

const MODE_COLORS: Record<Desk['mode'], string> = { bookable: 'green', drop_in: 'blue', assigned: 'purple', unavailable: 'default' };

/** A floor as the picker names it: its building first. */
const floorLabel = (floor: DeskFloor) => (floor.buildingName ? `${floor.buildingName} · ${floor.floorName}` : floor.floorName);

/**
 * /deskeeper-station-setting: the desks of a floor (number, use, owner, neighbourhood, equipment) and the
 * floor's neighbourhoods; editors add, change and delete them (decision 0019).
 */
export function DeskSettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const { message } = App.useApp();
  const floors = useDeskFloors();
  const [picked, setFloorId] = useState<number>();
  // The first floor with desks, else the first floor, until the reader picks one.
  const floorId = picked ?? (floors.data?.find((f) => f.deskCount > 0) ?? floors.data?.[0])?.floorId;
  const floor = floors.data?.find((candidate) => candidate.floorId === floorId);
  const desks = useDesks(floorId);
  const remove = useDeleteDesks();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Desk | 'new'>();
  const [editingArea, setEditingArea] = useState<Neighbourhood | 'new'>();
  const [isImporting, setImporting] = useState(false);
  const neighbourhoods = useMemo(() => new Map((floor?.neighbourhoods ?? []).map((n) => [n.id, n])), [floor]);

  /** The desk's check-in QR code, saved as a PNG to print and stick on the desk. */
  async function downloadQr(desk: Desk) {
    try {
      await downloadFile('/desk/qr', { query: { deskId: desk.id } }, `desk-${desk.id}-qr.png`, t('desk.settings.qrFailed'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  }

  /** Every desk's check-in QR code of the floor, twelve to an A4 page, to print at once. */
  async function downloadQrSheet(id: number) {
    try {
      await downloadFile('/desk/qr-sheet', { query: { floorId: id } }, `desks-${id}-qr.pdf`, t('desk.settings.qrSheetFailed'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  }

  /** Every desk of the company as xlsx, a sheet named for the station numbers (the import reads it back). */
  async function downloadDesks() {
    try {
      await exportDesks(t('desk.sheet.exportFailed'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  }

  async function deleteDesks(ids: number[]) {
    try {
      await remove.mutateAsync({ ids });
      setSelected((current) => current.filter((id) => !ids.includes(id)));
    } catch {
      // The client has shown the server's reason.
    }
  }

  const columns: ColumnsType<Desk> = [
    { key: 'number', title: t('desk.fields.number'), dataIndex: 'number', render: (number: string) => <strong>{number}</strong> },
    {
      key: 'mode',
      title: t('desk.fields.mode'),
      dataIndex: 'mode',
      render: (mode: Desk['mode'], desk) => (
        <Tag color={MODE_COLORS[mode]} data-testid={`desk-mode-${desk.id}`}>
          {t(`desk.modes.${mode}`)}
        </Tag>
      ),
    },
    {
      key: 'owner',
      title: t('desk.fields.owner'),
      render: (_, desk) => <TruncatedText text={desk.assignedUserName ?? desk.assignedDepartmentName ?? '—'} />,
    },
    {
      key: 'neighbourhood',
      title: t('desk.fields.neighbourhood'),
      render: (_, desk) => {
        const area = desk.neighbourhoodId === null ? undefined : neighbourhoods.get(desk.neighbourhoodId);
        return area ? <NeighbourhoodTag color={area.color}>{area.name}</NeighbourhoodTag> : <span className="atrium-muted">{t('desk.neighbourhood.none')}</span>;
      },
    },
    {
      key: 'equipment',
      title: t('desk.fields.equipment'),
      render: (_, desk) => (desk.equipment.length === 0 ? '—' : <span className="atrium-desk-equipment">{desk.equipment.map((key) => <Tag key={key}>{t(`desk.equipment.${key}`)}</Tag>)}</span>),
    },
    {
      key: 'actions',
      title: t('desk.fields.actions'),
      render: (_: unknown, desk: Desk) => (
        <Space size="small">
          <Button size="small" icon={<QrcodeOutlined />} onClick={() => void downloadQr(desk)} aria-label={t('desk.settings.qr', { number: desk.number })} data-testid={`desk-qr-${desk.id}`} />
          {canEdit && desk.mode === 'assigned' ? <TellOwnerButton desk={desk} /> : null}
          {canEdit ? (
            <>
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(desk)} data-testid={`desk-edit-${desk.id}`}>
                {t('desk.settings.edit')}
              </Button>
              <Popconfirm
                title={t('desk.settings.deleteConfirm', { number: desk.number })}
                okText={t('desk.settings.delete')}
                cancelText={t('desk.settings.keep')}
                okButtonProps={{ danger: true, 'data-testid': 'desk-delete-confirm' } as ButtonProps}
                onConfirm={() => deleteDesks([desk.id])}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('desk.settings.delete')} data-testid={`desk-delete-${desk.id}`} />
              </Popconfirm>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="atrium-page" data-testid="page-desk-settings">
      <PageHeader
        title={t('desk.settings.title')}
        subtitle={t('desk.settings.subtitle')}
        extra={
          canEdit && floor ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="desk-add">
              {t('desk.settings.addDesk')}
            </Button>
          ) : null
        }
      />
      <div className="atrium-toolbar">
        <Select<number>
          value={floorId}
          onChange={(value) => {
            setFloorId(value);
            setSelected([]);
          }}
          options={(floors.data ?? []).map((f) => ({ value: f.floorId, label: `${floorLabel(f)} (${t('desk.settings.deskCount', { count: f.deskCount })})` }))}
          placeholder={floors.data?.length === 0 ? t('desk.settings.noFloors') : t('desk.settings.floorPlaceholder')}
          aria-label={t('desk.settings.floor')}
          loading={floors.isFetching}
          style={{ minWidth: 280, maxWidth: '100%' }}
          data-testid="desk-floor"
        />
        {floor && floor.deskCount > 0 ? (
          <Button icon={<FilePdfOutlined />} onClick={() => void downloadQrSheet(floor.floorId)} data-testid="desk-qr-sheet">
            {t('desk.settings.qrSheet')}
          </Button>
        ) : null}
        <Button icon={<DownloadOutlined />} onClick={() => void downloadDesks()} disabled={floors.data?.length === 0} data-testid="desk-export">
          {t('desk.sheet.export')}
        </Button>
        {canEdit ? (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} disabled={floors.data?.length === 0} data-testid="desk-import">
            {t('desk.sheet.import')}
          </Button>
        ) : null}
        {canEdit && selected.length > 0 ? (
          <Popconfirm
            title={t('desk.settings.deleteManyConfirm', { count: selected.length })}
            okText={t('desk.settings.delete')}
            cancelText={t('desk.settings.keep')}
            okButtonProps={{ danger: true, 'data-testid': 'desk-delete-many-confirm' } as ButtonProps}
            onConfirm={() => deleteDesks(selected)}
          >
            <Button danger icon={<DeleteOutlined />} data-testid="desk-delete-many">
              {t('desk.settings.deleteSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        ) : null}
      </div>
      {floor ? (
        <section className="atrium-desk-areas" aria-label={t('desk.neighbourhood.title')} data-testid="desk-neighbourhoods">
          <span className="atrium-muted">{t('desk.neighbourhood.title')}:</span>
          {floor.neighbourhoods.length === 0 ? <span className="atrium-muted">{t('desk.neighbourhood.empty')}</span> : null}
          {floor.neighbourhoods.map((area) => (
            <NeighbourhoodTag key={area.id} color={area.color} onClick={canEdit ? () => setEditingArea(area) : undefined} testId={`desk-neighbourhood-${area.id}`}>
              {area.name} · {area.departmentName ?? t('desk.neighbourhood.free')} · {t('desk.settings.deskCount', { count: area.deskCount })}
            </NeighbourhoodTag>
          ))}
          {canEdit ? (
            <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => setEditingArea('new')} data-testid="desk-neighbourhood-add">
              {t('desk.neighbourhood.add')}
            </Button>
          ) : null}
        </section>
      ) : null}
      <DataTable<Desk>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={floorId === undefined ? [] : (desks.data ?? [])}
        loading={desks.isFetching || floors.isLoading}
        pagination={false}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        onRow={(desk) => ({ 'data-testid': `desk-row-${desk.id}` }) as object}
        locale={tableEmpty(floors.data?.length === 0 ? t('desk.settings.noFloors') : t('desk.settings.empty'))}
        data-testid="desk-table"
      />
      {editing && floor ? <DeskDialog floor={floor} desk={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} /> : null}
      {isImporting ? <DeskImportDialog onClose={() => setImporting(false)} /> : null}
      {editingArea && floor ? <NeighbourhoodDialog floor={floor} neighbourhood={editingArea === 'new' ? undefined : editingArea} onClose={() => setEditingArea(undefined)} /> : null}
    </div>
  );
}
