import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLang, loadLanguage } from './shared/i18n/i18n';
import { App, createAppRouter, startSession } from './app/app';
import { createQueryClient } from './app/query-client';
import { installErrorReporter } from './shared/error-reporter/reporter';

// The address's page code, the language's texts and, on a signed-in address, the session load side
// by side; the first paint waits for the texts, so no untranslated key ever flashes. Should they fail
// to load, the console renders anyway (the failure is reported) and a reload fetches them again.
// The first render is a transition: React draws it in slices, leaving the main thread free between them.
installErrorReporter();
const router = createAppRouter();
const queryClient = createQueryClient();
startSession(router, queryClient);
void loadLanguage(currentLang()).finally(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  ),
);
