import { DesktopOutlined, LogoutOutlined } from '@ant-design/icons';
import type { OwnSession } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, List, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ownSessionsQuery, useEndSessions } from '../api/personal.api';

/** "Chrome on Windows" from a user-agent string; the raw string when nothing is recognised. */
export function describeBrowser(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? null;
  const system =
    [
      ['Windows', 'Windows'],
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? null;
  return { browser, system };
}

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Account security: the user's live sessions, the current one marked; sign out one or all the others. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sessions = useQuery(ownSessionsQuery);
  const end = useEndSessions();
  const others = (sessions.data ?? []).filter((session) => !session.isCurrent);

  const endSessions = (id?: number) =>
    end.mutate(id === undefined ? {} : { id }, { onSuccess: () => void message.success(t(id === undefined ? 'personal.sessions.endedOthers' : 'personal.sessions.ended')) });

  const title = (session: OwnSession) => {
    const { browser, system } = describeBrowser(session.userAgent);
    if (browser && system) return t('personal.sessions.browserOn', { browser, system });
    return browser ?? system ?? session.userAgent ?? t('personal.sessions.unknownBrowser');
  };

  return (
    <Card
      className="atrium-card atrium-personal-sessions"
      title={t('personal.sessions.title')}
      data-testid="personal-sessions"
      extra={
        <Popconfirm title={t('personal.sessions.endOthersConfirm')} onConfirm={() => endSessions()} okText={t('personal.sessions.endOthers')} cancelText={t('personal.edit.cancel')} disabled={others.length === 0}>
          <Button size="small" icon={<LogoutOutlined />} disabled={others.length === 0} loading={end.isPending} data-testid="personal-sessions-end-others">
            {t('personal.sessions.endOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <p className="atrium-muted atrium-card-intro">{t('personal.sessions.hint')}</p>
      <List<OwnSession>
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        rowKey="id"
        renderItem={(session) => (
          <List.Item
            data-testid={`personal-session-${session.id}`}
            actions={
              session.isCurrent
                ? []
                : [
                    <Popconfirm key="end" title={t('personal.sessions.endConfirm')} onConfirm={() => endSessions(session.id)} okText={t('personal.sessions.end')} cancelText={t('personal.edit.cancel')}>
                      <Button type="link" size="small" danger data-testid={`personal-session-end-${session.id}`}>
                        {t('personal.sessions.end')}
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={<DesktopOutlined className="atrium-session-icon" />}
              title={
                <span>
                  {title(session)}{' '}
                  {session.isCurrent ? (
                    <Tag variant="filled" color="success">
                      {t('personal.sessions.current')}
                    </Tag>
                  ) : null}
                </span>
              }
              description={t('personal.sessions.detail', {
                ip: session.ip ?? t('personal.sessions.unknownAddress'),
                created: dayjs(session.createdAt).format(TIME_FORMAT),
                lastSeen: dayjs(session.lastSeenAt).format(TIME_FORMAT),
              })}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
