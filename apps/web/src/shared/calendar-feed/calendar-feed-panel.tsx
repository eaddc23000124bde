import { App, Button, Popconfirm, Space, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { LOG_TIME_FORMAT } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-client';
import { useCalendarFeed, useCalendarFeedActions, type FeedTarget } from './calendar-feed.api';

/**
 * A calendar link (iCalendar feed) of a person or a room: whether one is in force, a new link
 * shown once with a copy button (making one stops the old), revoking, and how to subscribe.
 */
export function CalendarFeedPanel({ target, canChange = true }: { target: FeedTarget; canChange?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feed = useCalendarFeed(target);
  const { create, revoke } = useCalendarFeedActions(target);
  const [url, setUrl] = useState<string | null>(null);
  const active = feed.data?.active ?? false;

  async function run(action: 'create' | 'revoke') {
    try {
      if (action === 'create') {
        setUrl((await create.mutateAsync()).url);
        void message.success(t('calendar-feed.created'));
      } else {
        await revoke.mutateAsync();
        setUrl(null);
        void message.success(t('calendar-feed.revoked'));
      }
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <div data-testid="feed-panel">
      <Typography.Paragraph type="secondary">{t('calendar-feed.intro')}</Typography.Paragraph>
      <Typography.Paragraph data-testid="feed-state">
        {active && feed.data?.createdAt ? t('calendar-feed.active', { at: dayjs(feed.data.createdAt).format(LOG_TIME_FORMAT) }) : t('calendar-feed.none')}
      </Typography.Paragraph>
      {url ? (
        <>
          <Typography.Paragraph copyable={{ text: url }} code className="atrium-feed-url" data-testid="feed-url">
            {url}
          </Typography.Paragraph>
          <Typography.Paragraph type="warning">{t('calendar-feed.shownOnce')}</Typography.Paragraph>
        </>
      ) : null}
      {canChange ? (
        <Space wrap>
          {active ? (
            <Popconfirm title={t('calendar-feed.renewConfirm')} okText={t('calendar-feed.renew')} cancelText={t('calendar-feed.keep')} onConfirm={() => run('create')} okButtonProps={{ 'data-testid': 'feed-renew-confirm' } as ButtonProps}>
              <Button loading={create.isPending} data-testid="feed-create">
                {t('calendar-feed.renew')}
              </Button>
            </Popconfirm>
          ) : (
            <Button type="primary" loading={create.isPending} onClick={() => void run('create')} data-testid="feed-create">
              {t('calendar-feed.create')}
            </Button>
          )}
          {active ? (
            <Popconfirm title={t('calendar-feed.revokeConfirm')} okText={t('calendar-feed.revoke')} cancelText={t('calendar-feed.keep')} onConfirm={() => run('revoke')} okButtonProps={{ danger: true, 'data-testid': 'feed-revoke-confirm' } as ButtonProps}>
              <Button danger loading={revoke.isPending} data-testid="feed-revoke">
                {t('calendar-feed.revoke')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('calendar-feed.howTo')}
      </Typography.Paragraph>
    </div>
  );
}
