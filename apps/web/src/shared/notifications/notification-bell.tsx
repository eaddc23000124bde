import BellOutlined from '@ant-design/icons/BellOutlined';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Popover from 'antd/es/popover';
import Spin from 'antd/es/spin';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toZoned, type Notification } from '@atrium/contract';
import { useViewerZone } from '../time-zone/viewer-zone';
import { useMarkNotificationsRead, useNotificationList, useUnreadNotifications } from './notifications.api';
import { NotificationActionTag } from './notification-action-tag';
import { notificationText } from './notification-text';
import { EmptyState } from '../ui/empty-state';
import './notification-bell.css';

/** How many the bell lists at first, and after "show more" (page sizes the API accepts). */
const FIRST = 15;
const MORE = 50;

/**
 * The header's bell: the unread count as a badge (asked every 30 seconds and when the window
 * regains focus); opening it lists the newest notifications; a click marks one read and opens its
 * page; "mark all as read" clears the badge. On a phone (`compact`) the list opens as a drawer
 * across the screen rather than a panel hanging off the bell.
 */
export function NotificationBell({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pageSize, setPageSize] = useState(FIRST);
  const unread = useUnreadNotifications();
  const count = unread.data?.count ?? 0;
  const list = useNotificationList(pageSize, open, unread.data?.latestId ?? null);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  // When each arrived, on the viewer's clock like every other time of the console.
  const zone = useViewerZone();
  const stamp = (ms: number) => {
    const local = toZoned(ms, zone);
    return `${local.date} ${local.time}`;
  };
  const label = count > 0 ? t('notification.bellUnread', { count }) : t('notification.bell');

  const openOne = (item: Notification) => {
    if (item.readAt === null) markRead.mutate([item.id]);
    setOpen(false);
    if (item.link) void navigate(item.link);
  };

  const items = list.data?.list ?? [];
  const content = (
    <div className="atrium-bell-panel" data-testid="notification-panel">
      <div className="atrium-bell-head">
        <Typography.Text strong>{t('notification.title')}</Typography.Text>
        <Button type="link" size="small" disabled={count === 0} loading={markRead.isPending && markRead.variables === 'all'} onClick={() => markRead.mutate('all')} data-testid="notification-read-all">
          {t('notification.markAllRead')}
        </Button>
      </div>
      {list.isPending ? (
        <div className="atrium-bell-loading">
          <Spin />
        </div>
      ) : items.length === 0 ? (
        <EmptyState description={t('notification.empty')} />
      ) : (
        <ul className="atrium-bell-list">
          {items.map((item) => {
            const { headline, detail } = notificationText(t, item.event, item.params);
            const classes = ['atrium-bell-item', item.readAt === null ? 'is-unread' : '', item.action === 'done' || item.action === 'closed' ? 'is-over' : ''].filter(Boolean).join(' ');
            return (
              <li key={item.id}>
                <button type="button" className={classes} onClick={() => openOne(item)} data-testid="notification-item">
                  <span className="atrium-bell-headline">{headline}</span>
                  <span className="atrium-bell-detail">{detail}</span>
                  <span className="atrium-bell-time">
                    {stamp(item.createdAt)}
                    <NotificationActionTag action={item.action} testId={`notification-action-${item.id}`} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list.data && list.data.total > items.length && pageSize < MORE ? (
        <Button type="link" block onClick={() => setPageSize(MORE)} data-testid="notification-more">
          {t('notification.showMore')}
        </Button>
      ) : null}
    </div>
  );

  const button = (
    <Tooltip title={open ? null : label}>
      <Button type="text" className="atrium-header-button" aria-label={label} onClick={compact ? () => setOpen(true) : undefined} data-testid="header-notifications">
        <Badge count={count} size="small" overflowCount={99} data-testid="notification-badge">
          <BellOutlined />
        </Badge>
      </Button>
    </Tooltip>
  );

  if (compact) {
    return (
      <>
        {button}
        <Drawer open={open} onClose={() => setOpen(false)} placement="top" size="auto" closable={false} title={null} styles={{ body: { padding: 12 } }}>
          {content}
        </Drawer>
      </>
    );
  }
  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      {button}
    </Popover>
  );
}
