import { useTranslation } from 'react-i18next';
import { ActivationForm } from '../../../shared/device/activation-form';

/** The display's first screen: the 5-digit activation code an administrator issued for the room. */
export function PadActivation({ onActivated }: { onActivated: (token: string) => void }) {
  const { t } = useTranslation();
  const texts = {
    title: t('pad.activation.title'),
    hint: t('pad.activation.hint'),
    code: t('pad.activation.code'),
    invalid: t('pad.activation.invalid'),
    submit: t('pad.activation.submit'),
    offline: t('pad.offline'),
  };
  return <ActivationForm path="/device/activate" onActivated={onActivated} texts={texts} classes={{ form: 'pad-activation', code: 'pad-code', button: 'pad-button pad-primary' }} id="pad-code" />;
}
