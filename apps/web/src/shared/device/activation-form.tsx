import { useState, type FormEvent } from 'react';
import { currentLang } from '../i18n/i18n';
import { deviceCall, DeviceError } from './device-call';
import { DeviceMessage } from './device-message';
import { LangToggle } from './lang-toggle';

/** A device screen's words for its activation, in the screen's language. */
export interface ActivationTexts {
  title: string;
  hint: string;
  code: string;
  invalid: string;
  submit: string;
  offline: string;
}

export interface ActivationFormProps {
  /** The public call that trades the code for the device's token. */
  path: string;
  onActivated: (token: string) => void;
  texts: ActivationTexts;
  /** The screen's own look: its form, code field and button classes, and the code field's id. */
  classes: { form: string; code: string; button: string };
  id: string;
}

/**
 * The first screen of a device (a door display, a visitor kiosk): the 5-digit code an administrator
 * issued, traded once for the device's token.
 */
export function ActivationForm({ path, onActivated, texts, classes, id }: ActivationFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const errorId = `${id}-error`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{5}$/.test(code)) {
      setError(texts.invalid);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const { result } = await deviceCall<{ deviceToken: string }>('POST', path, { lang: currentLang(), body: { code, platform: 'web', appVersion: '1.0.0' } });
      onActivated(result.deviceToken);
    } catch (failure) {
      setError((failure instanceof DeviceError && failure.message) || texts.offline);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={classes.form} onSubmit={(event) => void submit(event)} noValidate>
      <h1>{texts.title}</h1>
      <p>{texts.hint}</p>
      <label htmlFor={id}>{texts.code}</label>
      <input
        id={id}
        className={classes.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={5}
        value={code}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 5))}
      />
      {error ? (
        <DeviceMessage kind="error" id={errorId}>
          {error}
        </DeviceMessage>
      ) : null}
      <button type="submit" className={classes.button} disabled={busy}>
        {texts.submit}
      </button>
      <LangToggle />
    </form>
  );
}
