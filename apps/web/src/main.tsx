import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLang, loadLanguage } from './shared/i18n/i18n';
import { App, createAppRouter } from './app/app';

// The address's page code and the language's texts load side by side; the first paint waits for
// the texts, so no untranslated key ever flashes. Should they fail to load, the console renders
// anyway (the failure is reported) and a reload fetches them again.
const router = createAppRouter();
void loadLanguage(currentLang()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
