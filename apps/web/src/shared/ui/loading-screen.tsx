import { Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AtriumLogo } from './atrium-logo';

/** Full-screen wait while the session and the menu load (spec 000 section 2). */
export function LoadingScreen() {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(10);
  useEffect(() => {
    // Creeps towards 95 %: the real end is the moment the screen goes away.
    const timer = setInterval(() => setPercent((p) => p + (95 - p) * 0.15), 150);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="atrium-loading" data-testid="app-loading" role="status" aria-live="polite">
      <AtriumLogo size={48} />
      <Progress className="atrium-loading-bar" percent={Math.round(percent)} showInfo={false} size="small" />
      <p>{t('shell.loading')}</p>
    </div>
  );
}
