import { currentPadBroadcast, type Lang, type PadMeeting } from '@atrium/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { currentLang } from '../../../shared/i18n/i18n';
import { isLit } from '../api/pad.api';
import { useDeviceImage, usePadAction, usePadBroadcasts, usePadConfig, usePadLiveUpdates, usePadSchedule, usePadTheme, type PadOutcome } from '../api/pad.queries';
import { useServerNow } from '../model/pad-time';
import { PadAgenda } from './pad-agenda';
import { PadBroadcastBanner } from './pad-broadcast-banner';
import { BookNowDialog, EndMeetingDialog, ExitDialog } from './pad-dialogs';
import { PadFooter } from './pad-footer';
import { PadHeader } from './pad-header';
import { PadStatus } from './pad-status';
import { DeviceError } from '../../../shared/device/device-call';
import { DeviceMessage } from '../../../shared/device/device-message';

/** The screen's brightness outside its light cycles. */
const DIM = 0.35;
/** How long the answer to an action stays on screen. */
const OUTCOME_MS = 6000;

type Dialog = { kind: 'book' } | { kind: 'end'; meeting: PadMeeting } | { kind: 'exit' } | null;

/** The activated display: its room's state and meetings, the running notice beside them, and the door's actions. */
export function PadScreen({ token, onSignedOut }: { token: string; onSignedOut: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language as Lang) ?? currentLang();
  const navigate = useNavigate();
  const portrait = useMediaQuery('(orientation: portrait)');
  const scheduleQuery = usePadSchedule(token, lang);
  const configQuery = usePadConfig(token, lang);
  const theme = usePadTheme(token, lang).data ?? null;
  const broadcasts = usePadBroadcasts(token, lang).data?.list ?? [];
  usePadLiveUpdates(token, lang);
  const { run, busy } = usePadAction(token, lang, onSignedOut);
  const [dialog, setDialog] = useState<Dialog>(null);
  // An answer is in the language it came in: after a switch of language it is no longer shown.
  const [outcome, setOutcome] = useState<(PadOutcome & { lang: Lang }) | null>(null);
  const schedule = scheduleQuery.data ?? null;
  const config = configQuery.data ?? null;
  const now = useServerNow(schedule?.serverTime, scheduleQuery.dataUpdatedAt);
  const offline = scheduleQuery.error instanceof DeviceError && scheduleQuery.error.status === 0;
  const signedOut = [scheduleQuery.error, configQuery.error].some((error) => error instanceof DeviceError && error.status === 401);

  useEffect(() => {
    if (signedOut) onSignedOut();
  }, [signedOut, onSignedOut]);
  useEffect(() => {
    if (!outcome) return undefined;
    const timer = window.setTimeout(() => setOutcome(null), OUTCOME_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const logo = useDeviceImage(theme?.logoPath, token);
  const background = useDeviceImage(theme?.backgroundMapPath, token);
  // Screen groups that check in by QR code: the room's code shows while a meeting's check-in is due.
  const qrDue = !!schedule?.room.checkInByQr && [schedule.current, ...schedule.next].some((meeting) => meeting?.checkInOpen);
  const qr = useDeviceImage(qrDue ? '/api/device/pad/qr' : undefined, token);

  const act = async (path: string, body: Record<string, unknown>) => {
    const answer = await run(path, body);
    if (answer) setOutcome({ ...(answer.text ? answer : { kind: 'error', text: t('pad.offline') }), lang });
    setDialog(null);
  };

  if (!schedule) {
    return (
      <div className="pad-loading" role="status">
        {offline ? t('pad.offline') : t('pad.loading')}
      </div>
    );
  }

  const zone = schedule.room.timeZone;
  const lit = !config || config.settings.brightnessPlan === 'always-on' || isLit(config.lightCycles, now, zone);
  const broadcast = currentPadBroadcast(broadcasts, now);

  return (
    <div
      className={`pad-screen ${portrait ? 'pad-portrait' : 'pad-landscape'} ${schedule.busy ? 'pad-busy' : 'pad-free'}`}
      style={{ filter: lit ? undefined : `brightness(${DIM})`, backgroundImage: background ? `url(${background})` : undefined }}
      data-brightness={lit ? 1 : DIM}
    >
      <PadHeader roomName={schedule.room.name} logo={logo} now={now} timeZone={zone} lang={lang} />
      {broadcast ? <PadBroadcastBanner broadcast={broadcast} token={token} /> : null}
      <main className="pad-main">
        <PadStatus
          schedule={schedule}
          now={now}
          lang={lang}
          qr={qrDue ? qr : undefined}
          busy={busy}
          onCheckIn={(meeting) => void act('/device/pad/check-in', { id: meeting.id })}
          onEnd={(meeting) => setDialog({ kind: 'end', meeting })}
          onBook={() => setDialog({ kind: 'book' })}
        />
        <PadAgenda meetings={schedule.next} now={now} timeZone={zone} lang={lang} />
      </main>
      <PadFooter offline={offline} onExit={() => (config?.settings.hasExitPassword ? setDialog({ kind: 'exit' }) : void navigate('/'))} />

      {outcome?.lang === lang ? (
        <DeviceMessage kind={outcome.kind} className="pad-toast">
          {outcome.text}
        </DeviceMessage>
      ) : null}
      {dialog?.kind === 'book' ? (
        <BookNowDialog
          choices={schedule.bookChoices.filter((minutes) => minutes <= schedule.freeMinutes)}
          busy={busy}
          onBook={(minutes) => void act('/device/pad/book', { minutes })}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'end' ? <EndMeetingDialog busy={busy} onEnd={() => void act('/device/pad/end', { id: dialog.meeting.id })} onKeep={() => setDialog(null)} /> : null}
      {dialog?.kind === 'exit' ? <ExitDialog token={token} lang={lang} onClose={() => setDialog(null)} onLeave={() => void navigate('/')} /> : null}
    </div>
  );
}
