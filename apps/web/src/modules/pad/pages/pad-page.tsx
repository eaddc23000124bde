import { currentPadBroadcast, LANGS, type DeviceConfig, type DisplayTheme, type Lang, type PadBroadcast, type PadBroadcasts, type PadMeeting, type PadSchedule } from '@atrium/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLang, setLang } from '../../../shared/i18n/i18n';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { isLit, listenToPad, padCall, PadError, readPadToken, writePadToken, type DeviceActivateResult } from '../api/pad.api';
import './pad-page.css';

/**
 * Changes arrive on the display's event stream; the schedule is also read this often in case an
 * event was lost. Settings are read, and the display says it is alive, every minute.
 */
const POLL_MS = 60_000;
const CONFIG_MS = 60_000;
/** The screen's brightness outside its light cycles. */
const DIM = 0.35;

function formatTime(ms: number, timeZone: string | null, lang: Lang) {
  return new Intl.DateTimeFormat(lang, { timeZone: timeZone ?? 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}
function formatDay(ms: number, timeZone: string | null, lang: Lang) {
  return new Intl.DateTimeFormat(lang, { timeZone: timeZone ?? 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(ms);
}
const dayKey = (ms: number, timeZone: string | null) => new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC' }).format(ms);

/** /pad (public, no console shell): a tablet at a room's door. Activation code first, then the room. */
export function PadPage() {
  const [token, setToken] = useState<string | null>(() => readPadToken());
  const forget = useCallback(() => {
    writePadToken(null);
    setToken(null);
  }, []);
  return (
    <div className="pad-root">
      {token ? (
        <PadScreen token={token} onSignedOut={forget} />
      ) : (
        <PadActivation
          onActivated={(value) => {
            writePadToken(value);
            setToken(value);
          }}
        />
      )}
    </div>
  );
}

function LangToggle() {
  const { t } = useTranslation();
  const lang = currentLang();
  const other = LANGS.find((candidate) => candidate !== lang) ?? lang;
  return (
    <button type="button" className="pad-link" onClick={() => setLang(other)} aria-label={t('pad.switchLanguage')}>
      {other === 'zh-CN' ? '中文' : 'English'}
    </button>
  );
}

function PadActivation({ onActivated }: { onActivated: (token: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{5}$/.test(code)) {
      setError(t('pad.activation.invalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const { result } = await padCall<DeviceActivateResult>('POST', '/device/activate', { lang: currentLang(), body: { code, platform: 'web', appVersion: '1.0.0' } });
      onActivated(result.deviceToken);
    } catch (failure) {
      setError((failure instanceof PadError && failure.message) || t('pad.offline'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="pad-activation" onSubmit={(event) => void submit(event)}>
      <h1>{t('pad.activation.title')}</h1>
      <p>{t('pad.activation.hint')}</p>
      <label htmlFor="pad-code">{t('pad.activation.code')}</label>
      <input
        id="pad-code"
        className="pad-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={5}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 5))}
      />
      {error ? (
        <p role="alert" className="pad-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="pad-button pad-primary" disabled={busy}>
        {t('pad.activation.submit')}
      </button>
      <LangToggle />
    </form>
  );
}

/** Fetches an image the display may read (its header carries the device token) as an object URL. */
function useDeviceImage(path: string | undefined, token: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!path || typeof URL.createObjectURL !== 'function') return undefined;
    let objectUrl: string | undefined;
    let cancelled = false;
    void fetch(path, { headers: { 'device-token': token } })
      .then(async (response) => {
        if (!response.ok || cancelled) return;
        const blob = await response.blob();
        if (!blob.type.startsWith('image/') || cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, token]);
  return url;
}

function PadScreen({ token, onSignedOut }: { token: string; onSignedOut: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language as Lang) ?? currentLang();
  const navigate = useNavigate();
  const portrait = useMediaQuery('(orientation: portrait)');
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ text: string; kind: 'ok' | 'error' } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [booking, setBooking] = useState(false);
  const [exiting, setExiting] = useState(false);
  const [busy, setBusy] = useState(false);

  const scheduleKey = ['pad', 'schedule', token, lang] as const;
  const scheduleQuery = useQuery({
    queryKey: scheduleKey,
    queryFn: async () => (await padCall<PadSchedule>('GET', '/device/pad/schedule', { token, lang })).result,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
  // Counts as the display's heartbeat too.
  const configQuery = useQuery({
    queryKey: ['pad', 'config', token, lang],
    queryFn: async () => (await padCall<DeviceConfig>('GET', '/device/config', { token, lang })).result,
    refetchInterval: CONFIG_MS,
    staleTime: 0,
  });
  const themeQuery = useQuery({
    queryKey: ['pad', 'theme', token],
    queryFn: async () => (await padCall<DisplayTheme>('GET', '/device/theme', { token, lang })).result,
    staleTime: Infinity,
  });
  // Notices with their windows for the next day: the display switches them by its clock.
  const broadcastsQuery = useQuery({
    queryKey: ['pad', 'broadcasts', token],
    queryFn: async () => (await padCall<PadBroadcasts>('GET', '/device/pad/broadcasts', { token, lang })).result,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
  const schedule = scheduleQuery.data ?? null;
  const config = configQuery.data ?? null;
  const theme = themeQuery.data ?? null;
  const offline = scheduleQuery.error instanceof PadError && scheduleQuery.error.status === 0;
  const signedOut = [scheduleQuery.error, configQuery.error].some((error) => error instanceof PadError && error.status === 401);

  useEffect(() => {
    if (signedOut) onSignedOut();
  }, [signedOut, onSignedOut]);
  // Live: a booking, check-in or release of this room (from anywhere) reads the schedule again; a
  // changed notice reads the notices again; a (re)connection reads both.
  useEffect(
    () =>
      listenToPad(token, (event) => {
        if (event !== 'broadcast') void queryClient.invalidateQueries({ queryKey: ['pad', 'schedule', token] });
        if (event !== 'rooms') void queryClient.invalidateQueries({ queryKey: ['pad', 'broadcasts', token] });
      }),
    [token, queryClient],
  );
  useEffect(() => {
    const timer = window.setInterval(() => {
      void padCall('POST', '/device/heartbeat', { token, lang, body: { platform: 'web', appVersion: '1.0.0' } }).catch(() => undefined);
    }, CONFIG_MS);
    return () => window.clearInterval(timer);
  }, [token, lang]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = window.setTimeout(() => setNotice(null), 5000);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const logo = useDeviceImage(theme?.logoPath, token);
  const background = useDeviceImage(theme?.backgroundMapPath, token);
  // Screen groups that check in by QR code: the room's code shows while a meeting's check-in is due.
  const qrDue = !!schedule?.room.checkInByQr && [schedule.current, ...schedule.next].some((meeting) => meeting?.checkInOpen);
  const qr = useDeviceImage(qrDue ? '/api/device/pad/qr' : undefined, token);

  const act = async (path: string, body: Record<string, unknown>) => {
    setBusy(true);
    try {
      const { result, message } = await padCall<PadSchedule>('POST', path, { token, lang, body });
      queryClient.setQueryData(scheduleKey, result);
      setNotice({ text: message, kind: 'ok' });
      return true;
    } catch (failure) {
      if (failure instanceof PadError && failure.status === 401) onSignedOut();
      else setNotice({ text: (failure instanceof PadError && failure.message) || t('pad.offline'), kind: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!schedule) {
    return (
      <div className="pad-loading" role="status">
        {offline ? t('pad.offline') : t('pad.loading')}
      </div>
    );
  }

  const zone = schedule.room.timeZone;
  // The server's clock rules (a tablet's clock drifts): its time when it answered, moved on since.
  const skew = schedule.serverTime - scheduleQuery.dataUpdatedAt;
  const serverNow = now + skew;
  const lit = !config || config.settings.brightnessPlan === 'always-on' || isLit(config.lightCycles, serverNow, zone);
  const broadcast = currentPadBroadcast(broadcastsQuery.data?.list ?? [], serverNow);
  const current = schedule.current;
  const dueCheckIn = [current, ...schedule.next].find((meeting): meeting is PadMeeting => !!meeting?.canCheckIn);
  const choices = schedule.bookChoices.filter((minutes) => minutes <= schedule.freeMinutes);
  const upcomingByDay = new Map<string, PadMeeting[]>();
  for (const meeting of schedule.next) upcomingByDay.set(dayKey(meeting.startAt, zone), [...(upcomingByDay.get(dayKey(meeting.startAt, zone)) ?? []), meeting]);
  const today = dayKey(serverNow, zone);

  return (
    <div
      className={`pad-screen ${portrait ? 'pad-portrait' : 'pad-landscape'} ${schedule.busy ? 'pad-busy' : 'pad-free'}`}
      style={{ filter: lit ? undefined : `brightness(${DIM})`, backgroundImage: background ? `url(${background})` : undefined }}
      data-brightness={lit ? 1 : DIM}
    >
      <header className="pad-header">
        <div className="pad-brand">
          {logo ? <img src={logo} alt="" className="pad-logo" /> : null}
          <h1 className="pad-room" title={schedule.room.name}>
            {schedule.room.name}
          </h1>
        </div>
        <div className="pad-clock" aria-label={t('pad.clock')}>
          <span className="pad-time">{formatTime(serverNow, zone, lang)}</span>
          <span className="pad-date">{formatDay(serverNow, zone, lang)}</span>
        </div>
      </header>

      {broadcast ? <PadBroadcastView broadcast={broadcast} token={token} /> : null}
      <main className="pad-main" hidden={broadcast !== null}>
        <section className="pad-status" aria-live="polite">
          <div className="pad-state">{schedule.busy ? t('pad.busy') : t('pad.free')}</div>
          {current ? (
            <div className="pad-current">
              <div className="pad-current-title" title={current.title ?? undefined}>
                {current.title ?? t('pad.occupied')}
              </div>
              {current.hostName ? <div className="pad-muted">{t('pad.host', { name: current.hostName })}</div> : null}
              {current.participants?.length ? <div className="pad-muted">{current.participants.join(', ')}</div> : null}
              <div className="pad-muted">
                {t('pad.until', { time: formatTime(current.endAt, zone, lang) })}
                {current.checkedInAt ? ` · ${t('pad.checkedIn')}` : ''}
              </div>
            </div>
          ) : (
            <div className="pad-muted">
              {schedule.next[0] && dayKey(schedule.next[0].startAt, zone) === today
                ? t('pad.freeUntil', { time: formatTime(schedule.next[0].startAt, zone, lang) })
                : t('pad.freeRestOfDay')}
            </div>
          )}
          {qrDue && qr ? (
            <figure className="pad-qr">
              <img src={qr} alt={t('pad.scanToCheckIn')} data-testid="pad-qr" />
              <figcaption>{t('pad.scanToCheckIn')}</figcaption>
            </figure>
          ) : null}
          <div className="pad-actions">
            {dueCheckIn ? (
              <button type="button" className="pad-button pad-primary" disabled={busy} onClick={() => void act('/device/pad/check-in', { id: dueCheckIn.id })}>
                {t('pad.checkIn')}
                {dueCheckIn.checkInUntil ? <small>{t('pad.checkInUntil', { time: formatTime(dueCheckIn.checkInUntil, zone, lang) })}</small> : null}
              </button>
            ) : null}
            {current?.canEnd ? (
              <button type="button" className="pad-button" disabled={busy} onClick={() => void act('/device/pad/end', { id: current.id })}>
                {t('pad.endMeeting')}
              </button>
            ) : null}
            {!current && choices.length > 0 ? (
              <button type="button" className="pad-button pad-primary" disabled={busy} onClick={() => setBooking(true)}>
                {t('pad.bookNow')}
              </button>
            ) : null}
          </div>
        </section>

        <section className="pad-agenda" aria-label={t('pad.upcoming')}>
          <h2>{t('pad.upcoming')}</h2>
          {schedule.next.length === 0 ? <p className="pad-muted">{t('pad.nothingUpcoming')}</p> : null}
          {[...upcomingByDay.entries()].map(([key, meetings]) => (
            <div key={key} className="pad-day">
              <h3>{key === today ? t('pad.today') : formatDay(meetings[0]!.startAt, zone, lang)}</h3>
              <ul>
                {meetings.map((meeting) => (
                  <li key={meeting.id}>
                    <span className="pad-slot">
                      {formatTime(meeting.startAt, zone, lang)}–{formatTime(meeting.endAt, zone, lang)}
                    </span>
                    <span className="pad-what" title={[meeting.title, meeting.hostName].filter(Boolean).join(' · ') || undefined}>
                      {meeting.title ?? t('pad.occupied')}
                      {meeting.hostName ? <small> · {meeting.hostName}</small> : null}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      </main>

      <footer className="pad-footer">
        {offline ? <span className="pad-error">{t('pad.offline')}</span> : <span />}
        <span className="pad-footer-links">
          <LangToggle />
          <button type="button" className="pad-link" onClick={() => (config?.settings.hasExitPassword ? setExiting(true) : void navigate('/'))}>
            {t('pad.exit')}
          </button>
        </span>
      </footer>

      {notice ? (
        <div role={notice.kind === 'error' ? 'alert' : 'status'} className={`pad-notice pad-notice-${notice.kind}`}>
          {notice.text}
        </div>
      ) : null}

      {booking ? (
        <div className="pad-dialog" role="dialog" aria-modal="true" aria-label={t('pad.bookNow')}>
          <div className="pad-dialog-body">
            <h2>{t('pad.bookFor')}</h2>
            <div className="pad-choices">
              {choices.map((minutes) => (
                <button
                  key={minutes}
                  type="button"
                  className="pad-button pad-primary"
                  disabled={busy}
                  onClick={() => void act('/device/pad/book', { minutes }).then(() => setBooking(false))}
                >
                  {t('pad.minutes', { count: minutes })}
                </button>
              ))}
            </div>
            <button type="button" className="pad-button" onClick={() => setBooking(false)}>
              {t('pad.cancel')}
            </button>
          </div>
        </div>
      ) : null}

      {exiting ? <ExitDialog token={token} lang={lang} onClose={() => setExiting(false)} onLeave={() => void navigate('/')} /> : null}
    </div>
  );
}

/** The running notice, shown over the room's screen (its header and footer stay). */
function PadBroadcastView({ broadcast, token }: { broadcast: PadBroadcast; token: string }) {
  const { t } = useTranslation();
  const image = useDeviceImage(broadcast.imageUrl ?? undefined, token);
  return (
    <section className="pad-broadcast" aria-label={t('pad.broadcast')} aria-live="polite" data-testid="pad-broadcast">
      {image ? <img src={image} alt="" className="pad-broadcast-image" /> : null}
      <h2 className="pad-broadcast-title">{broadcast.title}</h2>
    </section>
  );
}

function ExitDialog({ token, lang, onClose, onLeave }: { token: string; lang: Lang; onClose: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(password)) {
      setError(t('pad.exitInvalid'));
      return;
    }
    try {
      await padCall('POST', '/device/verifyExitPassword', { token, lang, body: { password } });
      onLeave();
    } catch (failure) {
      setError((failure instanceof PadError && failure.message) || t('pad.offline'));
    }
  };
  return (
    <div className="pad-dialog" role="dialog" aria-modal="true" aria-label={t('pad.exitTitle')}>
      <form className="pad-dialog-body" onSubmit={(event) => void submit(event)}>
        <h2>{t('pad.exitTitle')}</h2>
        <label htmlFor="pad-exit">{t('pad.exitPassword')}</label>
        <input
          id="pad-exit"
          className="pad-code"
          type="password"
          inputMode="numeric"
          maxLength={6}
          value={password}
          onChange={(event) => setPassword(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        {error ? (
          <p role="alert" className="pad-error">
            {error}
          </p>
        ) : null}
        <div className="pad-choices">
          <button type="submit" className="pad-button pad-primary">
            {t('pad.exitConfirm')}
          </button>
          <button type="button" className="pad-button" onClick={onClose}>
            {t('pad.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
