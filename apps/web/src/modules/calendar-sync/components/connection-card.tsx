import { LinkOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { LOG_TIME_FORMAT, type CalendarConnection, type CalendarDecline, type CalendarLink, type CalendarLinkHealth } from '@atrium/contract';
import { Alert, App, Button, Card, Popconfirm, Space, Tag } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { useCalendarAuthAddress, useCalendarConfig, useCalendarSync, useDisconnectCalendar } from '../api/calendar-sync.api';
import { CredentialModal } from './credential-modal';
import { LinkRoomModal } from './link-room-modal';

const HEALTH_COLOURS: Record<CalendarLinkHealth, string> = { pending: 'default', ok: 'success', failing: 'error' };

const time = (at: number | null) => (at === null ? null : dayjs(at).format(LOG_TIME_FORMAT));

type Decline = CalendarDecline & { roomName: string };

/** One calendar connection: what it is, its rooms' links with their health and queue, and the events it declined. */
export function ConnectionCard({ connection, canEdit }: { connection: CalendarConnection; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sync = useCalendarSync();
  const config = useCalendarConfig();
  const disconnect = useDisconnectCalendar();
  const authAddress = useCalendarAuthAddress();
  const [dialog, setDialog] = useState<'link' | 'credential' | null>(null);
  const id = connection.id;
  const isOAuth = connection.kind !== 'caldav';

  /** To the provider's consent page; it sends the browser back to /account?linked=1 (or ?error=). */
  const authorise = async () => {
    const { url } = await authAddress.mutateAsync(id);
    window.open(url, '_self');
  };

  const syncNow = async (extra: { roomId?: number; retryFailed?: boolean } = {}) => {
    await sync.mutateAsync({ id, ...extra });
    void message.success(t('calendar-sync.connection.synced'));
  };

  /** Writes the connection's given-up writes again (to the editor only). */
  const retryButton = (testId: string) =>
    canEdit ? (
      <Button size="small" onClick={() => void syncNow({ retryFailed: true })} data-testid={testId}>
        {t('calendar-sync.links.retry')}
      </Button>
    ) : null;

  const columns: ColumnsType<CalendarLink> = [
    { title: t('calendar-sync.links.room'), dataIndex: 'roomName' },
    {
      title: t('calendar-sync.links.health'),
      dataIndex: 'health',
      render: (_, link) => (
        <>
          <Tag color={HEALTH_COLOURS[link.health]} data-testid={`calendar-health-${link.roomId}`}>
            {t(`calendar-sync.links.healths.${link.health}`)}
          </Tag>
          {link.healthMessage ? (
            <span className="atrium-calendar-health-detail" data-testid={`calendar-health-message-${link.roomId}`}>
              {link.healthMessage}
              {link.lastError ? `: ${link.lastError}` : ''}
            </span>
          ) : null}
        </>
      ),
    },
    { title: t('calendar-sync.links.calendar'), dataIndex: 'collectionName', render: (_, link) => link.collectionName ?? link.collectionUrl },
    { title: t('calendar-sync.links.lastSuccess'), dataIndex: 'lastSuccessAt', render: (_, link) => time(link.lastSuccessAt) ?? t('calendar-sync.links.never') },
    {
      title: t('calendar-sync.links.queue'),
      key: 'queue',
      render: (_, link) => (
        <Space size={4} wrap>
          {link.pendingPushes > 0 ? <Tag>{t('calendar-sync.links.pending', { count: link.pendingPushes })}</Tag> : null}
          {link.failedPushes.length > 0 ? (
            <>
              <Tag color="error" data-testid={`calendar-failed-${link.roomId}`}>
                {t('calendar-sync.links.failed', { count: link.failedPushes.length })}
              </Tag>
              {retryButton(`calendar-retry-${link.roomId}`)}
            </>
          ) : null}
          {link.pendingPushes === 0 && link.failedPushes.length === 0 ? '—' : null}
        </Space>
      ),
    },
    ...(canEdit
      ? [
          {
            title: '',
            key: 'actions',
            render: (_: unknown, link: CalendarLink) => (
              <Space size={4}>
                <Button size="small" onClick={() => void syncNow({ roomId: link.roomId })} data-testid={`calendar-sync-room-${link.roomId}`}>
                  {t('calendar-sync.links.syncRoom')}
                </Button>
                <Popconfirm
                  title={t('calendar-sync.links.unlinkConfirm', { room: link.roomName })}
                  onConfirm={async () => {
                    await config.mutateAsync({ id, links: [{ roomId: link.roomId, collectionUrl: null }] });
                    void message.success(t('calendar-sync.links.unlinked'));
                  }}
                  okButtonProps={{ danger: true, 'data-testid': 'calendar-unlink-confirm' } as ButtonProps}
                >
                  <Button size="small" danger data-testid={`calendar-unlink-${link.roomId}`}>
                    {t('calendar-sync.links.unlink')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const declines: Decline[] = connection.links
    .flatMap((link) => link.declines.map((decline) => ({ ...decline, roomName: link.roomName })))
    .sort((a, b) => b.declinedAt - a.declinedAt);

  return (
    <Card
      className="atrium-card"
      title={connection.name}
      data-testid={`calendar-connection-${id}`}
    >
      {canEdit ? (
        <div className="atrium-toolbar atrium-calendar-actions">
          <Space wrap size={8}>
            <Button icon={<ReloadOutlined />} loading={sync.isPending} onClick={() => void syncNow()} data-testid="calendar-sync-now">
              {t('calendar-sync.connection.sync')}
            </Button>
            {isOAuth ? (
              <Button
                type={connection.isAuthorised ? 'default' : 'primary'}
                icon={<SafetyCertificateOutlined />}
                loading={authAddress.isPending}
                onClick={() => void authorise()}
                data-testid="calendar-authorise"
              >
                {t(connection.isAuthorised ? 'calendar-sync.connection.authoriseAgain' : 'calendar-sync.connection.authorise')}
              </Button>
            ) : null}
            <Button icon={<LinkOutlined />} disabled={!connection.isAuthorised} onClick={() => setDialog('link')} data-testid="calendar-link-room">
              {t('calendar-sync.connection.link')}
            </Button>
            <Button onClick={() => setDialog('credential')} data-testid="calendar-credential">
              {t(isOAuth ? 'calendar-sync.connection.clientSecret' : 'calendar-sync.connection.credential')}
            </Button>
            <Popconfirm
              title={t('calendar-sync.connection.disconnectConfirm', { name: connection.name })}
              onConfirm={async () => {
                await disconnect.mutateAsync(id);
                void message.success(t('calendar-sync.connection.disconnected'));
              }}
              okButtonProps={{ danger: true, 'data-testid': 'calendar-disconnect-confirm' } as ButtonProps}
            >
              <Button danger data-testid="calendar-disconnect">
                {t('calendar-sync.connection.disconnect')}
              </Button>
            </Popconfirm>
          </Space>
        </div>
      ) : null}
      {connection.isAuthorised ? null : (
        <Alert type="warning" showIcon className="atrium-calendar-unauthorised" title={t('calendar-sync.connection.notAuthorised')} data-testid={`calendar-unauthorised-${id}`} />
      )}
      <dl className="atrium-calendar-facts">
        <div>
          <dt>{t('calendar-sync.connection.service')}</dt>
          <dd>{t(`calendar-sync.kinds.${connection.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('calendar-sync.connection.server')}</dt>
          <dd>{connection.serverUrl}</dd>
        </div>
        <div>
          <dt>{t(isOAuth ? 'calendar-sync.fields.clientId' : 'calendar-sync.connection.account')}</dt>
          <dd>{connection.account}</dd>
        </div>
      </dl>
      {/* On a phone the links table scrolls sideways and its sync column is cut off: a failing room says why above it. */}
      <div className="atrium-calendar-failing">
        {connection.links
          .filter((link) => link.health === 'failing')
          .map((link) => (
            <Alert
              key={link.roomId}
              type="error"
              showIcon
              title={`${link.roomName}: ${link.healthMessage ?? t('calendar-sync.links.healths.failing')}`}
              description={link.lastError}
              action={link.failedPushes.length > 0 ? retryButton(`calendar-failing-retry-${link.roomId}`) : null}
              data-testid={`calendar-failing-${link.roomId}`}
            />
          ))}
      </div>
      <DataTable<CalendarLink>
        rowKey="roomId"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={connection.links}
        locale={tableEmpty(t('calendar-sync.links.none'))}
        onRow={(link) => ({ 'data-testid': `calendar-link-${link.roomId}` }) as object}
        data-testid="calendar-links"
      />
      {declines.length > 0 ? (
        <section className="atrium-calendar-declines" data-testid="calendar-declines">
          <h4>{t('calendar-sync.declines.title')}</h4>
          <DataTable<Decline>
            rowKey={(decline) => `${decline.uid}-${decline.startAt}-${decline.declinedAt}`}
            size="small"
            pagination={false}
            dataSource={declines}
            columns={[
              { title: t('calendar-sync.declines.event'), dataIndex: 'title', render: (_, decline) => decline.title ?? t('calendar-sync.declines.untitled') },
              { title: t('calendar-sync.declines.organiser'), dataIndex: 'organiserEmail', render: (_, decline) => decline.organiserEmail ?? '—' },
              { title: t('calendar-sync.declines.room'), dataIndex: 'roomName' },
              { title: t('calendar-sync.declines.when'), dataIndex: 'startAt', render: (_, decline) => `${time(decline.startAt)} – ${dayjs(decline.endAt).format('HH:mm')}` },
              { title: t('calendar-sync.declines.reason'), dataIndex: 'reason' },
              { title: t('calendar-sync.declines.declinedAt'), dataIndex: 'declinedAt', render: (_, decline) => time(decline.declinedAt) },
            ]}
          />
        </section>
      ) : null}
      {dialog === 'link' ? <LinkRoomModal connection={connection} onClose={() => setDialog(null)} /> : null}
      {dialog === 'credential' ? <CredentialModal connection={connection} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}
