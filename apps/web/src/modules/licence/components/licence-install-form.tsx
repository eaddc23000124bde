import { LICENCE_TOKEN_MAX } from '@atrium/contract';
import { Alert, App, Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallLicence } from '../api/licence.api';

/** Paste a token as `npm run licence -- issue` printed it, and install it for the company. */
export function LicenceInstallForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const install = useInstallLicence();
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    setProblem(null);
    install.mutate(
      { token: token.trim() },
      {
        onSuccess: (answer) => {
          setToken('');
          void message.success(answer.message);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form
      className="atrium-licence-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor="licence-token">{t('licence.install.label')}</label>
      <Input.TextArea
        id="licence-token"
        value={token}
        onChange={(event) => setToken(event.target.value)}
        rows={3}
        maxLength={LICENCE_TOKEN_MAX}
        placeholder={t('licence.install.placeholder')}
        data-testid="licence-token"
        spellCheck={false}
      />
      {problem ? <Alert type="error" showIcon title={problem} data-testid="licence-install-problem" /> : null}
      <Button type="primary" htmlType="submit" loading={install.isPending} disabled={!token.trim()} data-testid="licence-install">
        {t('licence.install.submit')}
      </Button>
    </form>
  );
}
