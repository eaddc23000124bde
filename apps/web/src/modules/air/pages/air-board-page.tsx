import { LANGS, type Lang } from '@atrium/contract';
import { ConfigProvider, Spin, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { useNow } from '../../../shared/hooks/use-now';
import { setLang } from '../../../shared/i18n/i18n';
import { useAirBoard } from '../api/air.api';
import { PlaceCard } from '../components/place-card';
import '../air.css';

/** /air-board/:token: the public air board for a lobby screen, dark and in large type, read again every 30 s. */
export function AirBoardPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const lang = params.get('lang');
  useEffect(() => {
    if (lang && (LANGS as readonly string[]).includes(lang)) setLang(lang as Lang);
  }, [lang]);
  const board = useAirBoard(token);
  const now = useNow(15_000);
  const isGone = !token || (board.error instanceof ApiError && board.error.status === 404);
  const data = board.data;

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <main className="air-board" data-testid="air-board">
        <header className="air-board-header">
          <div>
            <div className="air-board-company">{data?.companyName ?? ''}</div>
            <h1>{data?.name ?? t('air.board.title')}</h1>
          </div>
          <div className="air-board-clock">{dayjs(now).format('HH:mm')}</div>
        </header>
        {isGone || board.isError ? (
          <div className="air-board-message" role="alert">
            <p>{t('air.board.missing')}</p>
            <p>{t('air.board.missingHint')}</p>
          </div>
        ) : !data ? (
          <div className="air-board-message">
            <Spin size="large" />
            <p>{t('air.board.loading')}</p>
          </div>
        ) : data.list.length === 0 ? (
          <div className="air-board-message">{t('air.board.empty')}</div>
        ) : (
          <section className="air-grid" aria-live="polite">
            {data.list.map((place, index) => (
              <PlaceCard key={`${place.path.join('/')}-${index}`} place={place} testId={`air-board-place-${index}`} />
            ))}
          </section>
        )}
      </main>
    </ConfigProvider>
  );
}
