import { useTranslation } from 'react-i18next';
import { ActivationForm } from '../../../shared/device/activation-form';

/** The kiosk's first screen: the 5-digit code an administrator issued for it on the reception devices page. */
export function KioskActivation({ onActivated }: { onActivated: (token: string) => void }) {
  const { t } = useTranslation();
  const texts = {
    title: t('visitor.kiosk.activation.title'),
    hint: t('visitor.kiosk.activation.hint'),
    code: t('visitor.kiosk.activation.code'),
    invalid: t('visitor.kiosk.activation.invalid'),
    submit: t('visitor.kiosk.activation.submit'),
    offline: t('visitor.kiosk.offline'),
  };
  return (
    <ActivationForm path="/device/visitor/activate" onActivated={onActivated} texts={texts} classes={{ form: 'kiosk-card kiosk-activation', code: 'kiosk-code', button: 'kiosk-button' }} id="kiosk-code" />
  );
}
