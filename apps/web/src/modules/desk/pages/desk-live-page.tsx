import { LinkOutlined, StopOutlined } from '@ant-design/icons';
import { dateTimeFormat, hasPermission, type CreatedDeskLiveLink, type DeskFloor } from '@atrium/contract';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryBody } from '../../../shared/ui/query-body';
import { floorMapUrl, useCreateDeskLiveLink, useDeskLive, useDeskLiveLink, useDeskLiveStream, useLiveFloors, useRevokeDeskLiveLink } from '../api/desk.api';
import { DeskLiveMap } from '../components/desk-live-map';

const floorLabel = (floor: DeskFloor) => (floor.buildingName ? `${floor.buildingName} · ${floor.floorName}` : floor.floorName);

/** The floor's lobby screen link, for editors: made (its address shown this once), made again, or revoked. */
function LobbyLink({ floorId }: { floorId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const state = useDeskLiveLink(floorId, true);
  const create = useCreateDeskLiveLink();
  const revoke = useRevokeDeskLiveLink();
  const [created, setCreated] = useState<CreatedDeskLiveLink & { floorId: number }>();
  const active = state.data?.active ?? false;
  const shown = created?.floorId === floorId ? `${window.location.origin}${created.path}` : null;

  const make = () =>
    create.mutate(floorId, {
      onSuccess: (link) => {
        setCreated({ ...link, floorId });
        void message.success(t('desk.live.linkCreated'));
      },
    });

  return (
    <Card size="small" title={t('desk.live.linkTitle')} className="atrium-card" data-testid="desk-live-link">
      <p className="atrium-muted">{t('desk.live.linkHelp')}</p>
      {shown ? (
        <Alert type="success" showIcon title={t('desk.live.linkOnce')} description={<Typography.Text copyable={{ text: shown }} data-testid="desk-live-link-url">{shown}</Typography.Text>} />
      ) : (
        <p data-testid="desk-live-link-state">
          {active && state.data?.createdAt
            ? t('desk.live.linkActive', { time: dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(state.data.createdAt), name: state.data.createdByName ?? '—' })
            : t('desk.live.linkNone')}
        </p>
      )}
      <Space wrap>
        {active ? (
          <Popconfirm title={t('desk.live.remakeConfirm')} okText={t('desk.live.remake')} cancelText={t('desk.settings.keep')} onConfirm={make} okButtonProps={{ 'data-testid': 'desk-live-remake-confirm' } as ButtonProps}>
            <Button icon={<LinkOutlined />} loading={create.isPending} data-testid="desk-live-link-create">
              {t('desk.live.remake')}
            </Button>
          </Popconfirm>
        ) : (
          <Button type="primary" icon={<LinkOutlined />} loading={create.isPending} onClick={make} data-testid="desk-live-link-create">
            {t('desk.live.make')}
          </Button>
        )}
        {active ? (
          <Popconfirm
            title={t('desk.live.revokeConfirm')}
            okText={t('desk.live.revoke')}
            cancelText={t('desk.settings.keep')}
            okButtonProps={{ danger: true, 'data-testid': 'desk-live-revoke-confirm' } as ButtonProps}
            onConfirm={() =>
              revoke.mutate(floorId, {
                onSuccess: () => {
                  setCreated(undefined);
                  void message.success(t('desk.live.linkRevoked'));
                },
              })
            }
          >
            <Button danger icon={<StopOutlined />} loading={revoke.isPending} data-testid="desk-live-link-revoke">
              {t('desk.live.revoke')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    </Card>
  );
}

/** /deskeeper-live: who sits where now on a floor and which rooms are busy, read again when its stream tells of a booking (and every minute); editors manage the floor's lobby screen link. */
export function DeskLivePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'liveMeetings:edit');
  const floors = useLiveFloors();
  const [picked, setFloorId] = useState<number>();
  const floorId = picked ?? floors.data?.[0]?.floorId;
  const live = useDeskLive(floorId);
  useDeskLiveStream(floorId);

  return (
    <div className="atrium-page" data-testid="page-desk-live">
      <PageHeader title={t('desk.live.title')} subtitle={t('desk.live.subtitle')} />
      <div className="atrium-toolbar">
        <Select<number>
          value={floorId}
          onChange={setFloorId}
          options={(floors.data ?? []).map((f) => ({ value: f.floorId, label: floorLabel(f) }))}
          placeholder={floors.data?.length === 0 ? t('desk.booking.noDesks') : t('desk.settings.floorPlaceholder')}
          aria-label={t('desk.settings.floor')}
          loading={floors.isFetching}
          style={{ minWidth: 280, maxWidth: '100%' }}
          data-testid="desk-live-floor"
        />
      </div>
      {floorId !== undefined ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <QueryBody query={live}>{(data) => <DeskLiveMap live={data} planUrl={data.map ? floorMapUrl(data.floorId, data.map) : null} />}</QueryBody>
          {canEdit ? <LobbyLink floorId={floorId} /> : null}
        </Space>
      ) : floors.data?.length === 0 ? (
        <p className="atrium-muted">{t('desk.booking.noDesks')}</p>
      ) : null}
    </div>
  );
}
