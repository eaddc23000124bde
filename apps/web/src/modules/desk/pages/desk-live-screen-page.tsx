import { dateTimeFormat, LANGS, type Lang } from '@atrium/contract';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNow } from '../../../shared/hooks/use-now';
import { setLang } from '../../../shared/i18n/i18n';
import { useDeskLiveScreen, useDeskLiveScreenStream } from '../api/desk.api';
import { DeskLiveMap } from '../components/desk-live-map';

/**
 * /deskeeper-live/screen?token=...: a floor's desks and rooms now on a lobby screen, without signing in
 * (decision 0019, "The live view"), pushed by its stream. The link's secret opens that floor only; a
 * revoked link says so.
 */
export function DeskLiveScreenPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const lang = params.get('lang');
  useEffect(() => {
    if (lang && (LANGS as readonly string[]).includes(lang)) setLang(lang as Lang);
  }, [lang]);
  const screen = useDeskLiveScreen(token);
  useDeskLiveScreenStream(token);
  const now = useNow(15_000);
  const data = screen.data;
  const title = data ? [data.buildingName, data.floorName].filter(Boolean).join(' · ') : t('desk.live.screenTitle');
  const clock = dateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(data ? { timeZone: data.timeZone } : {}) }).format(now);

  return (
    <main className="atrium-desk-live-screen" data-testid="desk-live-screen">
      <header>
        <h1>{title}</h1>
        <span className="atrium-desk-live-clock">{clock}</span>
      </header>
      {!token || screen.isError ? (
        <div role="alert">
          <p>{t('desk.live.screenMissing')}</p>
        </div>
      ) : !data ? (
        <Spin size="large" aria-label={t('desk.live.loading')} />
      ) : (
        <DeskLiveMap live={data} planUrl={data.map ? `/api/desk/live/screen/plan?token=${encodeURIComponent(token)}&v=${data.map.updatedAt}` : null} />
      )}
    </main>
  );
}
