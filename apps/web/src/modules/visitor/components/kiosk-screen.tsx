import type { CSSProperties, FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { KioskCheckInResult, Lang } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import { DeviceError } from '../../../shared/device/device-call';
import { DeviceMessage } from '../../../shared/device/device-message';
import { LangToggle } from '../../../shared/device/lang-toggle';
import { currentLang } from '../../../shared/i18n/i18n';
import { printKioskBadge, stepsOfRefusal, useKioskCheckIn, useKioskConfig } from '../api/kiosk.api';
import { KioskSteps } from './kiosk-steps';
import { KioskWalkIn } from './kiosk-walk-in';

/** How long a welcome, or a refusal, stays before the kiosk is ready for the next visitor. */
const WELCOME_MS = 15_000;
const REFUSAL_MS = 10_000;
/** The console's blue, when the company gave the kiosk no colour. */
const DEFAULT_COLOR = '#1677ff';

/**
 * The server's answer, in the language it came in: a welcome, a refusal, or a refusal after answers
 * that send the visitor to reception (reception checks them in).
 */
type Outcome = ({ kind: 'ok'; visit: KioskCheckInResult; message: string } | { kind: 'error' | 'reception'; message: string }) & { lang: Lang };

/**
 * The activated kiosk: the company's welcome, and a field the reception scanner types the visitor's
 * QR code into (a hardware scanner is a keyboard: it types the pass link and Enter). The field keeps
 * the focus so that a scan always lands in it; a visitor may also type the code by hand. A visitor
 * without an invitation registers instead, where the place receives walk-ins (its visit rules), and
 * is checked in here once approved. A check-in refused for steps the visit asks first (an agreement,
 * a photo, questions) shows them, then checks in again.
 */
export function KioskScreen({ token, onSignedOut }: { token: string; onSignedOut: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language as Lang) ?? currentLang();
  const config = useKioskConfig(token, lang);
  const checkIn = useKioskCheckIn(token, lang);
  const [code, setCode] = useState('');
  const [answer, setOutcome] = useState<Outcome | null>(null);
  const [isWalkIn, setWalkIn] = useState(false);
  /** The code of a visitor doing the steps their check-in was refused for. */
  const [stepsCode, setStepsCode] = useState<string | null>(null);
  // After a switch of language a refusal in the other one is no longer shown (a welcome stays: it names the visitor; so does "see reception").
  const outcome = answer && (answer.kind !== 'error' || answer.lang === lang) ? answer : null;
  const field = useRef<HTMLInputElement>(null);
  const errors = [config.error, checkIn.error];
  const signedOut = errors.some((error) => error instanceof DeviceError && error.status === 401);
  const offline = config.error instanceof DeviceError && config.error.status === 0;

  useEffect(() => {
    if (signedOut) onSignedOut();
  }, [signedOut, onSignedOut]);
  useEffect(() => {
    if (!outcome) return undefined;
    const timer = window.setTimeout(() => setOutcome(null), outcome.kind === 'error' ? REFUSAL_MS : WELCOME_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);
  useEffect(() => {
    if (!outcome && !isWalkIn && stepsCode === null) field.current?.focus();
  }, [outcome, isWalkIn, stepsCode]);

  const [badgeFailed, setBadgeFailed] = useState(false);
  const printBadge = (visitId: number) => {
    setBadgeFailed(false);
    printKioskBadge(token, visitId, lang).catch(() => setBadgeFailed(true));
  };

  /**
   * Checks a visitor in by their pass's code, scanned or handed on by an approval, and shows the answer.
   * Refused for steps still to do, the kiosk shows them; after them (`afterSteps`), any refusal is said.
   */
  const checkInWith = async (scanned: string, afterSteps?: { admits: boolean | null }) => {
    try {
      const { result, message } = await checkIn.mutateAsync(scanned);
      setOutcome({ kind: 'ok', visit: result, message, lang });
      if (result.badge) printBadge(result.visitId);
    } catch (failure) {
      if (failure instanceof DeviceError && failure.status === 401) return;
      if (!afterSteps && stepsOfRefusal(failure)) {
        setStepsCode(scanned);
        return;
      }
      const message = (failure instanceof DeviceError && failure.message) || t('visitor.kiosk.offline');
      setOutcome({ kind: afterSteps?.admits === false ? 'reception' : 'error', message, lang });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const scanned = code.trim();
    if (!scanned || checkIn.isPending) return;
    setCode('');
    await checkInWith(scanned);
  };

  /** A walk-in's host approved: the visit's code checks them in, and the welcome (or the refusal) follows. */
  const checkInApproved = async (approved: string) => {
    await checkInWith(approved);
    setWalkIn(false);
  };

  /** The steps are done: the same code checks the visitor in, and the welcome (or the refusal) follows. */
  const checkInAfterSteps = async (admits: boolean | null) => {
    if (stepsCode === null) return;
    await checkInWith(stepsCode, { admits });
    setStepsCode(null);
  };

  const settings = config.data;
  const color = settings?.theme.color ?? DEFAULT_COLOR;
  const welcome = (lang === 'zh-CN' ? settings?.theme.welcomeZh : settings?.theme.welcomeEn) || t('visitor.kiosk.welcome', { company: settings?.companyName ?? '' });
  const place = settings ? [settings.location.buildingName, settings.location.name].filter(Boolean).join(' · ') : '';

  return (
    <div className="kiosk-screen" style={{ '--kiosk-color': color } as CSSProperties}>
      <header className="kiosk-header">
        <div>
          <h1>{settings ? welcome : t('visitor.kiosk.loading')}</h1>
          {place ? <p className="kiosk-place">{place}</p> : null}
        </div>
      </header>
      <main className="kiosk-main">
        {outcome?.kind === 'ok' ? (
          <section className="kiosk-card kiosk-welcome" aria-live="polite">
            <DeviceMessage kind="ok">{outcome.message}</DeviceMessage>
            <h2>{t('visitor.kiosk.hello', { name: outcome.visit.visitorName })}</h2>
            <p>{outcome.visit.hostName ? t('visitor.kiosk.hostTold', { host: outcome.visit.hostName }) : t('visitor.kiosk.receptionTold')}</p>
            {outcome.visit.badge && !badgeFailed ? <p>{t('visitor.kiosk.badgePrinting')}</p> : <p>{t('visitor.kiosk.badgeAtReception')}</p>}
            <div className="kiosk-actions">
              {outcome.visit.badge ? (
                <button type="button" className="kiosk-button kiosk-secondary" onClick={() => printBadge(outcome.visit.visitId)}>
                  {t('visitor.kiosk.printAgain')}
                </button>
              ) : null}
              <button type="button" className="kiosk-button" onClick={() => setOutcome(null)}>
                {t('visitor.kiosk.done')}
              </button>
            </div>
          </section>
        ) : outcome?.kind === 'reception' ? (
          <section className="kiosk-card kiosk-see-reception" aria-live="polite" data-testid="kiosk-see-reception">
            {outcome.lang === lang ? <DeviceMessage kind="error">{outcome.message}</DeviceMessage> : null}
            <h2>{t('visitor.kiosk.seeReceptionTitle')}</h2>
            <p>{t('visitor.kiosk.seeReceptionHint')}</p>
            <button type="button" className="kiosk-button" onClick={() => setOutcome(null)}>
              {t('visitor.kiosk.done')}
            </button>
          </section>
        ) : stepsCode !== null && settings ? (
          <KioskSteps
            token={token}
            lang={lang}
            code={stepsCode}
            color={color}
            onDone={(admits) => void checkInAfterSteps(admits)}
            onClose={() => setStepsCode(null)}
            onSignedOut={onSignedOut}
          />
        ) : isWalkIn && settings ? (
          <KioskWalkIn
            token={token}
            lang={lang}
            reasons={settings.reasons}
            color={color}
            onApproved={(approved) => void checkInApproved(approved)}
            onClose={() => setWalkIn(false)}
            onSignedOut={onSignedOut}
          />
        ) : (
          <form className="kiosk-card kiosk-scan" onSubmit={(event) => void submit(event)} noValidate>
            <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="kiosk-scan-icon">
              <path d="M6 16V6h10M32 6h10v10M42 32v10H32M16 42H6V32" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              <path d="M14 14h8v8h-8zM26 14h8v8h-8zM14 26h8v8h-8zM28 28h4v4h-4z" fill="currentColor" />
            </svg>
            <h2>{t('visitor.kiosk.scanTitle')}</h2>
            <p>{t('visitor.kiosk.scanHint')}</p>
            <label htmlFor="kiosk-scan" className="kiosk-label">
              {t('visitor.kiosk.scanField')}
            </label>
            <input
              id="kiosk-scan"
              ref={field}
              className="kiosk-scan-field"
              autoComplete="off"
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-describedby={outcome ? 'kiosk-refusal' : undefined}
            />
            {outcome?.kind === 'error' ? (
              <DeviceMessage kind="error" id="kiosk-refusal">
                {outcome.message}
              </DeviceMessage>
            ) : null}
            <button type="submit" className="kiosk-button" disabled={checkIn.isPending || !code.trim()}>
              {t('visitor.kiosk.checkIn')}
            </button>
            {settings?.walkIns && settings.reasons.length > 0 ? (
              <div className="kiosk-walk-in-start">
                <p>{t('visitor.kiosk.registerPrompt')}</p>
                <button type="button" className="kiosk-button kiosk-secondary" onClick={() => setWalkIn(true)} data-testid="kiosk-register">
                  {t('visitor.kiosk.register')}
                </button>
              </div>
            ) : (
              // A place that receives no walk-ins, or no visit reasons to choose from: reception takes them.
              <p className="kiosk-walk-in-note">{t('visitor.kiosk.noInvitation')}</p>
            )}
          </form>
        )}
      </main>
      <footer className="kiosk-footer">
        {offline ? <DeviceMessage kind="error" className="device-message-compact">{t('visitor.kiosk.offline')}</DeviceMessage> : <span>{settings?.companyName ?? ''}</span>}
        <LangToggle />
      </footer>
    </div>
  );
}
