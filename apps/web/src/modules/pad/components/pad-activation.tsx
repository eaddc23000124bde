import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n/i18n';
import { padCall, PadError, type DeviceActivateResult } from '../api/pad.api';
import { LangToggle } from './lang-toggle';
import { PadMessage } from './pad-message';

const ERROR_ID = 'pad-code-error';

/** The display's first screen: the 5-digit activation code an administrator issued for the room. */
export function PadActivation({ onActivated }: { onActivated: (token: string) => void }) {
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
    <form className="pad-activation" onSubmit={(event) => void submit(event)} noValidate>
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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ERROR_ID : undefined}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 5))}
      />
      {error ? (
        <PadMessage kind="error" id={ERROR_ID}>
          {error}
        </PadMessage>
      ) : null}
      <button type="submit" className="pad-button pad-primary" disabled={busy}>
        {t('pad.activation.submit')}
      </button>
      <LangToggle />
    </form>
  );
}
