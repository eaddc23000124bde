import { LANGS, type Lang, type LiveRoom } from '@atrium/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ConfigProvider, Spin, theme } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { useNow } from '../../../shared/hooks/use-now';
import { setLang } from '../../../shared/i18n/i18n';
import { liveKeys, useLiveEvents, usePublicBoard } from '../api/live.api';
import { clockTime, meetingLabel, meetingSpan, STATE_COLOR } from '../components/live-format';
import './public-board-page.css';

function BoardCard({ room }: { room: LiveRoom }) {
  const { t, i18n } = useTranslation();
  const meeting = room.current ?? room.next;
  return (
    <article className={`flight-card is-${room.state}`} style={{ borderLeftColor: STATE_COLOR[room.state] }} data-room-id={room.id} data-state={room.state}>
      <div className="flight-card-head">
        <span className="flight-room">{room.name}</span>
        <span className="flight-state" style={{ background: STATE_COLOR[room.state] }}>
          {t(`live.state.${room.state}`)}
        </span>
      </div>
      <div className="flight-place">{room.locationPath.slice(-2).join(' · ')}</div>
      {meeting ? (
        <div className="flight-meeting">
          <span className="flight-label">{room.current ? t('live.column.current') : t('live.column.next')}</span>
          <span className="flight-title">{meetingLabel(meeting, t)}</span>
          <span className="flight-time">{meetingSpan(meeting, room.timeZone, i18n.language, room.dayEndAt)}</span>
        </div>
      ) : (
        <div className="flight-meeting is-empty">{t('live.meeting.none')}</div>
      )}
    </article>
  );
}

/** /flght-board?token=...: the public live board, full screen and dark, without signing in. */
export function PublicBoardPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const lang = params.get('lang');
  useEffect(() => {
    if (lang && (LANGS as readonly string[]).includes(lang)) setLang(lang as Lang);
  }, [lang]);
  const queryClient = useQueryClient();
  const board = usePublicBoard(token);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: liveKeys.board(token) }), [queryClient, token]);
  const isGone = !token || (board.error instanceof ApiError && board.error.status === 404);
  useLiveEvents(token && !isGone ? `/api/live/board/stream?token=${encodeURIComponent(token)}` : null, refresh);
  const now = useNow(15_000);
  const data = board.data;

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <main className="flight-board" data-testid="public-board">
        <header className="flight-header">
          <div>
            <div className="flight-company">{data?.companyName ?? ''}</div>
            <h1>{data?.name ?? t('live.public.title')}</h1>
          </div>
          <div className="flight-clock">{clockTime(now, null, i18n.language)}</div>
        </header>
        {isGone || board.isError ? (
          <div className="flight-message" role="alert">
            <p>{t('live.public.missing')}</p>
            <p className="flight-hint">{t('live.public.missingHint')}</p>
          </div>
        ) : !data ? (
          <div className="flight-message">
            <Spin size="large" />
            <p>{t('live.public.loading')}</p>
          </div>
        ) : data.list.length === 0 ? (
          <div className="flight-message">{t('live.board.empty')}</div>
        ) : (
          <section className="flight-grid">
            {data.list.map((room) => (
              <BoardCard key={room.id} room={room} />
            ))}
          </section>
        )}
      </main>
    </ConfigProvider>
  );
}
