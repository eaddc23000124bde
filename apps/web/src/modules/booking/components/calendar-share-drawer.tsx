import { CALENDAR_SHARE_LEVELS, type CalendarShareLevel } from '@atrium/contract';
import { App, Button, Drawer, List, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useCalendarShares, useColleagues, useShareCalendar, useUnshareCalendar } from '../api/booking.api';
import { tableEmpty } from '../../../shared/ui/empty-state';

export interface CalendarShareDrawerProps {
  open: boolean;
  phone: boolean;
  onClose: () => void;
}

/**
 * Who sees my calendar, at which level; add a colleague, change a level, stop sharing. Changes apply
 * at once; a colleague picked but not added yet is asked about before the drawer closes.
 */
export function CalendarShareDrawer({ open, phone, onClose }: CalendarShareDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const shares = useCalendarShares();
  const share = useShareCalendar();
  const unshare = useUnshareCalendar();
  const [keyword, setKeyword] = useState('');
  const colleagues = useColleagues(useDebouncedValue(keyword, 300));
  const [grantee, setGrantee] = useState<number | null>(null);
  const [level, setLevel] = useState<CalendarShareLevel>('visitor');
  const levels = CALENDAR_SHARE_LEVELS.map((value) => ({ value, label: t(`booking.share.level.${value}`) }));
  const list = shares.data?.shares ?? [];
  const { confirmLeave } = useUnsavedChanges(open && grantee !== null);

  async function give(granteeUserId: number, newLevel: CalendarShareLevel) {
    await share.mutateAsync({ granteeUserId, level: newLevel });
    void message.success(t('booking.share.saved'));
  }

  return (
    <Drawer
      open={open}
      onClose={() =>
        confirmLeave(() => {
          setGrantee(null);
          onClose();
        })
      }
      title={t('booking.share.title')} width={phone ? '100%' : 480} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('booking.share.hint')}</Typography.Paragraph>
      <Space.Compact block style={{ marginBottom: 8 }}>
        <Select
          showSearch
          filterOption={false}
          placeholder={t('booking.share.colleague')}
          value={grantee ?? undefined}
          onSearch={setKeyword}
          onChange={(value: number) => setGrantee(value)}
          options={(colleagues.data ?? []).filter((colleague) => !list.some((entry) => entry.userId === colleague.id)).map((colleague) => ({ value: colleague.id, label: colleague.fullName }))}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="reserve-share-colleague"
        />
        <Select value={level} options={levels} onChange={setLevel} style={{ width: 140 }} data-testid="reserve-share-level" />
      </Space.Compact>
      <Button
        type="primary"
        disabled={grantee === null}
        loading={share.isPending}
        onClick={() => void give(grantee!, level).then(() => setGrantee(null))}
        data-testid="reserve-share-add"
      >
        {t('booking.share.add')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t(`booking.share.explain.${level}`)}
      </Typography.Paragraph>
      <List
        loading={shares.isLoading}
        dataSource={list}
        locale={tableEmpty(t('booking.share.none'))}
        renderItem={(entry) => (
          <List.Item
            data-testid={`reserve-share-${entry.userId}`}
            actions={[
              <Select key="level" size="small" value={entry.level} options={levels} onChange={(value: CalendarShareLevel) => void give(entry.userId, value)} style={{ width: 130 }} />,
              <Button
                key="remove"
                size="small"
                danger
                onClick={() => void unshare.mutateAsync({ granteeUserId: entry.userId }).then(() => message.success(t('booking.share.removed')))}
                data-testid={`reserve-share-remove-${entry.userId}`}
              >
                {t('booking.share.remove')}
              </Button>,
            ]}
          >
            {entry.name}
          </List.Item>
        )}
      />
    </Drawer>
  );
}
