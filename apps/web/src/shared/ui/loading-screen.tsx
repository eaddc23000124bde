import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AtriumLogo } from './atrium-logo';
import './loading-screen.css';

/**
 * Full-screen wait while the session and the menu load (spec 000 section 2). The bar is plain markup:
 * it shows on every first visit, before any page's code (issue 19).
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(10);
  useEffect(() => {
    // Creeps towards 95 %: the real end is the moment the screen goes away.
    const timer = setInterval(() => setPercent((p) => p + (95 - p) * 0.15), 150);
    return () => clearInterval(timer);
  }, []);
  const shown = Math.round(percent);
  return (
    <div className="atrium-loading" data-testid="app-loading" role="status" aria-live="polite">
      <AtriumLogo size={48} />
      <div className="atrium-loading-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown} aria-label={t('shell.loading')}>
        <div className="atrium-loading-bar-fill" style={{ transform: `translateX(${shown - 100}%)` }} />
      </div>
      <p>{t('shell.loading')}</p>
    </div>
  );
}
