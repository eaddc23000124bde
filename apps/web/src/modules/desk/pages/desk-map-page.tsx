import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { FLOOR_MAP_FORMATS, FLOOR_MAP_MAX_BYTES, hasPermission, type DeskFloor } from '@atrium/contract';
import { Alert, App, Button, Popconfirm, Select, Space, Upload } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryBody } from '../../../shared/ui/query-body';
import { useDeleteFloorMap, useDeskFloors, useDesks, useFloorRooms, usePlaceDesks, useUploadFloorMap } from '../api/desk.api';
import { DeskMapEditor, type DeskPlaces } from '../components/desk-map-editor';

/** A floor as the picker names it: its building first. */
const floorLabel = (floor: DeskFloor) => (floor.buildingName ? `${floor.buildingName} · ${floor.floorName}` : floor.floorName);

const PLAN_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'];
const NO_CHANGES: DeskPlaces = new Map();

/** The plan's buttons: upload or replace (checked here by type and size, by the server by content), remove. */
function FloorPlanButtons({ floor }: { floor: DeskFloor }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadFloorMap();
  const remove = useDeleteFloorMap();

  const beforeUpload = (file: File) => {
    if (!PLAN_TYPES.includes(file.type)) {
      void message.error(t('upload.wrongFormat', { formats: FLOOR_MAP_FORMATS.join(', ') }), 5);
      return Upload.LIST_IGNORE;
    }
    if (file.size > FLOOR_MAP_MAX_BYTES) {
      void message.error(t('upload.tooLarge', { limit: `${FLOOR_MAP_MAX_BYTES / 1024 / 1024} MB` }), 5);
      return Upload.LIST_IGNORE;
    }
    // The client toasts the server's refusal (a file that only looks like a plan).
    upload.mutate({ floorId: floor.floorId, file }, { onSuccess: () => void message.success(t('desk.mapEditor.planSaved')) });
    return Upload.LIST_IGNORE;
  };

  return (
    <Space wrap>
      <Upload accept=".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml" showUploadList={false} beforeUpload={beforeUpload} data-testid="desk-plan-upload">
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="desk-plan-upload-button">
          {floor.map ? t('desk.mapEditor.replacePlan') : t('desk.mapEditor.uploadPlan')}
        </Button>
      </Upload>
      {floor.map ? (
        <Popconfirm
          title={t('desk.mapEditor.removePlanConfirm')}
          okText={t('desk.mapEditor.removePlan')}
          cancelText={t('desk.settings.keep')}
          okButtonProps={{ danger: true, 'data-testid': 'desk-plan-remove-confirm' } as ButtonProps}
          onConfirm={() => remove.mutate(floor.floorId, { onSuccess: () => void message.success(t('desk.mapEditor.planRemoved')) })}
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="desk-plan-remove">
            {t('desk.mapEditor.removePlan')}
          </Button>
        </Popconfirm>
      ) : null}
      <span className="atrium-muted">{t('desk.mapEditor.planHint')}</span>
    </Space>
  );
}

/**
 * /deskeeper-configuration: a floor's plan and its desks and rooms on it (decision 0019, "The map
 * editor"). Editors upload the plan and move, turn and resize desks and rooms, saving every change at once; readers and
 * phones see the map only.
 */
export function DeskMapPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { message } = App.useApp();
  const isPhone = useMediaQuery('(max-width: 767px)');
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const floors = useDeskFloors();
  const [picked, setFloorId] = useState<number>();
  const floorId = picked ?? (floors.data?.find((f) => f.deskCount > 0) ?? floors.data?.[0])?.floorId;
  const floor = floors.data?.find((candidate) => candidate.floorId === floorId);
  const desks = useDesks(floorId);
  const rooms = useFloorRooms(floorId);
  const place = usePlaceDesks();
  const [changes, setChanges] = useState<DeskPlaces>(NO_CHANGES);
  const { confirmLeave } = useUnsavedChanges(changes.size > 0);
  const readOnly = !canEdit || isPhone;

  async function save() {
    try {
      // Rooms and desks share one id space: a change's kind is the room list's to say.
      const roomIds = new Set((rooms.data ?? []).map((room) => room.id));
      await place.mutateAsync({ floorId, places: [...changes].map(([id, position]) => ({ id, kind: roomIds.has(id) ? 'room' : 'desk', position })) });
      setChanges(NO_CHANGES);
      void message.success(t('desk.mapEditor.saved'));
    } catch {
      // The client has shown the server's reason; the changes stay to try again.
    }
  }

  return (
    <div className="atrium-page" data-testid="page-desk-map">
      <PageHeader
        title={t('desk.mapEditor.title')}
        subtitle={t('desk.mapEditor.subtitle')}
        extra={
          readOnly ? null : (
            <Space wrap>
              {changes.size > 0 ? <span className="atrium-muted" data-testid="desk-map-changes">{t('desk.mapEditor.changes', { count: changes.size })}</span> : null}
              <Button onClick={() => setChanges(NO_CHANGES)} disabled={changes.size === 0} data-testid="desk-map-discard">
                {t('desk.mapEditor.discard')}
              </Button>
              <Button type="primary" onClick={() => void save()} disabled={changes.size === 0} loading={place.isPending} data-testid="desk-map-save">
                {t('desk.mapEditor.save')}
              </Button>
            </Space>
          )
        }
      />
      <div className="atrium-toolbar">
        <Select<number>
          value={floorId}
          onChange={(value) =>
            confirmLeave(() => {
              setChanges(NO_CHANGES);
              setFloorId(value);
            })
          }
          options={(floors.data ?? []).map((f) => ({ value: f.floorId, label: `${floorLabel(f)} (${t('desk.settings.deskCount', { count: f.deskCount })})` }))}
          placeholder={floors.data?.length === 0 ? t('desk.mapEditor.noFloors') : t('desk.settings.floorPlaceholder')}
          aria-label={t('desk.settings.floor')}
          loading={floors.isFetching}
          style={{ minWidth: 280, maxWidth: '100%' }}
          data-testid="desk-map-floor"
        />
      </div>
      {isPhone && canEdit ? <Alert type="info" showIcon title={t('desk.mapEditor.readOnlyPhone')} className="atrium-desk-plan-bar" /> : null}
      {!canEdit ? <Alert type="info" showIcon title={t('desk.mapEditor.readOnly')} className="atrium-desk-plan-bar" /> : null}
      {floor && !readOnly ? (
        <div className="atrium-desk-plan-bar">
          <FloorPlanButtons floor={floor} />
        </div>
      ) : null}
      {floor && !floor.map ? <p className="atrium-muted">{t('desk.mapEditor.noPlan')}</p> : null}
      {floor && floor.deskCount === 0 ? <p className="atrium-muted">{t('desk.mapEditor.noDesks')}</p> : null}
      {floor ? (
        <QueryBody query={desks}>
          {(list) => <DeskMapEditor floorId={floor.floorId} map={floor.map} desks={list} rooms={rooms.data ?? []} changes={changes} onChange={setChanges} readOnly={readOnly} />}
        </QueryBody>
      ) : floors.data?.length === 0 ? (
        <p className="atrium-muted">{t('desk.mapEditor.noFloors')}</p>
      ) : null}
    </div>
  );
}
