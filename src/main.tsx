import './styles.css';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLanguage, applyDocumentLanguage, i18n } from '@/app/i18n';
import { showFlashNotice } from '@/app/language';
import { hydrateSession } from '@/app/session';
import { initTheme } from '@/app/theme';
import { configureApi } from '@/lib/api';
import { router } from './router';

initTheme();

async function boot() {
  // Session, permissions and language come from IndexedDB before the first render (the boot spinner
  // of index.html shows meanwhile); <html lang dir> are set before anything is painted in the language.
  const session = await hydrateSession();
  applyDocumentLanguage(session.language);
  // Signed in: the shell (query cache, outbox) loads beside the catalog instead of after the first
  // render. The login page's first load carries neither (issue 8).
  if (session.loginToken) void import('@/app/shell/SignedInShell').catch(() => undefined);
  await activateLanguage(session.language);

  configureApi({
    onUnauthorized: () => {
      void router.navigate({ to: '/login' });
    },
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  showFlashNotice();

  if (import.meta.env.PROD) {
    void import('./pwa/register').then(({ registerServiceWorker }) => registerServiceWorker());
  }
}

void boot();
