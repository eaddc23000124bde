import type { LiveMeeting, LiveRoom } from '@atrium/contract';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DayTimeline } from './day-timeline';
import { meetingLabel, meetingSpan, STATE_COLOR, STATE_TAG } from './live-format';
import { EmptyState } from '../../../shared/ui/empty-state';
import './room-board.css';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';

export type BoardMode = 'list' | 'thumbnail';

export function StateTag({ room }: { room: LiveRoom }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_TAG[room.state]} data-state={room.state} className="live-state-tag">
      {t(`live.state.${room.state}`)}
    </Tag>
  );
}

/** One meeting in a line: time, title (or busy / private) and host when shown. */
export function MeetingLine({ meeting, room }: { meeting: LiveMeeting | null; room: LiveRoom }) {
  const { t, i18n } = useTranslation();
  if (!meeting) return <Typography.Text type="secondary">{t('live.meeting.none')}</Typography.Text>;
  return (
    <div className="live-meeting">
      <Typography.Text strong ellipsis={{ tooltip: meetingLabel(meeting, t) }}>
        {meetingLabel(meeting, t)}
      </Typography.Text>
      <Typography.Text type="secondary" className="live-meeting-meta">
        {meetingSpan(meeting, room.timeZone, i18n.language, room.dayEndAt)}
        {meeting.hostName ? ` · ${meeting.hostName}` : ''}
      </Typography.Text>
    </div>
  );
}

/** Rooms as table rows (list) or cards (thumbnails), coloured by state. */
export function RoomBoard({ rooms, mode, now }: { rooms: LiveRoom[]; mode: BoardMode; now: number }) {
  const { t } = useTranslation();
  if (rooms.length === 0) return <EmptyState description={t('live.board.empty')} />;
  if (mode === 'thumbnail') {
    return (
      <div className="live-cards">
        {rooms.map((room) => (
          <article key={room.id} className={`live-card is-${room.state}`} style={{ borderTopColor: STATE_COLOR[room.state] }} data-room-id={room.id}>
            <header>
              <div className="live-card-title">
                <Typography.Text strong ellipsis={{ tooltip: room.name }}>
                  {room.name}
                </Typography.Text>
                <Typography.Text type="secondary" className="live-card-place" ellipsis={{ tooltip: room.locationPath.slice(-2).join(' · ') }}>
                  {room.locationPath.slice(-2).join(' · ')}
                </Typography.Text>
              </div>
              <StateTag room={room} />
            </header>
            <div className="live-card-row">
              <span className="live-card-label">{t('live.column.current')}</span>
              <MeetingLine meeting={room.current} room={room} />
            </div>
            <div className="live-card-row">
              <span className="live-card-label">{t('live.column.next')}</span>
              <MeetingLine meeting={room.next} room={room} />
            </div>
            <DayTimeline room={room} now={now} />
          </article>
        ))}
      </div>
    );
  }
  const columns: ColumnsType<LiveRoom> = [
    {
      key: 'room',
      title: t('live.column.room'),
      width: 200,
      fixed: 'left',
      render: (_, room) => (
        <div className="live-room-cell atrium-truncate-block">
          <TruncatedText text={room.name} isStrong />
          <TruncatedText text={room.locationPath.slice(-2).join(' · ')} className="atrium-muted live-card-place" />
        </div>
      ),
    },
    { key: 'state', title: t('live.column.state'), width: 130, render: (_, room) => <StateTag room={room} /> },
    { key: 'current', title: t('live.column.current'), width: 220, render: (_, room) => <MeetingLine meeting={room.current} room={room} /> },
    { key: 'next', title: t('live.column.next'), width: 220, render: (_, room) => <MeetingLine meeting={room.next} room={room} /> },
    { key: 'timeline', title: t('live.column.timeline'), render: (_, room) => <DayTimeline room={room} now={now} /> },
  ];
  return (
    <DataTable<LiveRoom>
      rowKey="id"
      className="live-table"
      columns={columns}
      dataSource={rooms}
      pagination={false}
      size="middle"
      scroll={{ x: 1000 }}
      onRow={(room) => ({ 'data-room-id': room.id }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
