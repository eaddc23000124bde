import type { Lang } from '@atrium/contract';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceCall, DeviceError } from '../../../shared/device/device-call';
import { DeviceMessage } from '../../../shared/device/device-message';

/** A dialog over the display: named by its heading (or `label`), focus moved into it. */
function PadDialog({ title, label, children, onSubmit }: { title: string; label?: string; children: ReactNode; onSubmit?: (event: FormEvent) => void }) {
  const titleId = useId();
  const bodyId = useId();
  // A touch screen has no Tab key to reach it: the first control takes the focus (the safe one where it matters).
  useEffect(() => document.getElementById(bodyId)?.querySelector<HTMLElement>('input, button')?.focus(), [bodyId]);
  const content = (
    <>
      <h2 id={titleId}>{title}</h2>
      {children}
    </>
  );
  return (
    <div className="pad-dialog" role="dialog" aria-modal="true" {...(label ? { 'aria-label': label } : { 'aria-labelledby': titleId })}>
      {onSubmit ? (
        <form id={bodyId} className="pad-dialog-body" onSubmit={onSubmit} noValidate>
          {content}
        </form>
      ) : (
        <div id={bodyId} className="pad-dialog-body">
          {content}
        </div>
      )}
    </div>
  );
}

/** "Book now": the lengths that fit before the next meeting. */
export function BookNowDialog({ choices, busy, onBook, onClose }: { choices: number[]; busy: boolean; onBook: (minutes: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PadDialog title={t('pad.bookFor')} label={t('pad.bookNow')}>
      <div className="pad-choices">
        {choices.map((minutes) => (
          <button key={minutes} type="button" className="pad-button pad-primary" disabled={busy} onClick={() => onBook(minutes)}>
            {t('pad.minutes', { count: minutes })}
          </button>
        ))}
      </div>
      <button type="button" className="pad-button" onClick={onClose}>
        {t('pad.cancel')}
      </button>
    </PadDialog>
  );
}

/** Ending a meeting at the door frees the room for anyone at once: there is no undo, so it is confirmed. */
export function EndMeetingDialog({ busy, onEnd, onKeep }: { busy: boolean; onEnd: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  return (
    <PadDialog title={t('pad.endTitle')}>
      <p className="pad-dialog-text">{t('pad.endWarning')}</p>
      <div className="pad-choices">
        <button type="button" className="pad-button" onClick={onKeep}>
          {t('pad.keep')}
        </button>
        <button type="button" className="pad-button pad-danger" disabled={busy} onClick={onEnd}>
          {t('pad.endMeeting')}
        </button>
      </div>
    </PadDialog>
  );
}

/** Leaving kiosk mode takes the screen group's 6-digit exit password. */
export function ExitDialog({ token, lang, onClose, onLeave }: { token: string; lang: Lang; onClose: () => void; onLeave: () => void }) {
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
      await deviceCall('POST', '/device/verifyExitPassword', { token, lang, body: { password } });
      onLeave();
    } catch (failure) {
      setError((failure instanceof DeviceError && failure.message) || t('pad.offline'));
    }
  };
  return (
    <PadDialog title={t('pad.exitTitle')} onSubmit={(event) => void submit(event)}>
      <label htmlFor="pad-exit">{t('pad.exitPassword')}</label>
      <input
        id="pad-exit"
        className="pad-code"
        type="password"
        inputMode="numeric"
        maxLength={6}
        value={password}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'pad-exit-error' : undefined}
        onChange={(event) => setPassword(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      {error ? (
        <DeviceMessage kind="error" id="pad-exit-error">
          {error}
        </DeviceMessage>
      ) : null}
      <div className="pad-choices">
        <button type="submit" className="pad-button pad-primary">
          {t('pad.exitConfirm')}
        </button>
        <button type="button" className="pad-button" onClick={onClose}>
          {t('pad.cancel')}
        </button>
      </div>
    </PadDialog>
  );
}
