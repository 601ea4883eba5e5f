/**
 * The HTTP application: `createApp({ db, mailer, config, storage })` returns the Hono app. It is
 * used in-process by the tests (`app.request()`) and served by server/main.ts.
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { languageDetector } from 'hono/language';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../src/contract/common';
import { api } from '../src/contract';
import { localizeMessage } from '../src/contract/messages';
import { countRequests } from './resources/bulk-jobs';
import { HttpError } from './core/errors';
import { registerDocs } from './http/openapi';
import { errorResponse, serverFault } from './http/route-answer';
import { assertAllRouted, methodsAt } from './http/route-registry';
import { securityHeaders } from './http/security';
import { registerStatic, registerUploads } from './http/static';
import type { App, AppEnv, Deps } from './http/types';
import { smsg } from './core/messages';
import { PACKAGE_JSON } from './core/paths';
import { registerAreas } from './areas';
import { registerSessionRoutes } from './areas/session.routes';
import { registerProfileSessionRoutes } from './areas/profile-sessions.routes';
import { registerDigestRoutes } from './areas/digest.routes';
import { registerPreferencesRoutes } from './areas/preferences.routes';
import { registerTwoFactorRoutes } from './areas/two-factor.routes';
import { registerPasskeyRoutes } from './areas/passkeys.routes';
import { registerPasswordResetRoutes } from './areas/password-reset.routes';
import { registerInvitationRoutes } from './areas/invitation.routes';
import { registerLiveRoutes } from './live/live.routes';
import { registerGuestPages } from './http/guest-pages';

export type { App, Deps } from './http/types';

const appVersion = (): string => {
  try {
    return (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
};

export const createApp = (deps: Deps): App => {
  const app: App = new Hono<AppEnv>();

  // Security headers, and no-store and Vary on every endpoint's and /api answer (server/http/security.ts).
  app.use('*', securityHeaders());
  // Bulk rows wait for a moment without requests (server/resources/bulk-jobs.ts).
  app.use('*', countRequests);
  // The answer's language: the caller's preferred supported one (Accept-Language, q-values
  // honoured), else English. The app sends its user's language (src/lib/api.ts).
  app.use(
    '*',
    languageDetector({
      supportedLanguages: [...LANGUAGES],
      fallbackLanguage: DEFAULT_LANGUAGE,
      order: ['header'],
      caches: false,
    }),
  );
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('lang', c.get('language') as Language);
    await next();
  });

  // API: one route per contract endpoint (sign-in and profile, then every area: server/areas).
  registerSessionRoutes(app);
  registerProfileSessionRoutes(app);
  registerDigestRoutes(app);
  registerPreferencesRoutes(app);
  registerTwoFactorRoutes(app);
  registerPasskeyRoutes(app);
  registerPasswordResetRoutes(app);
  registerAreas(app);
  registerInvitationRoutes(app);
  registerLiveRoutes(app);
  registerDocs(app, api, appVersion());

  app.all('/api/*', (c) => {
    const lang = c.get('lang');
    const allowed = methodsAt(app, c.req.path);
    if (allowed.length) {
      c.header('Allow', allowed.join(', '));
      return errorResponse(c, new HttpError(405, smsg('methodNotAllowed')), lang);
    }
    return errorResponse(c, new HttpError(404, smsg('noEndpoint')), lang);
  });

  registerGuestPages(app);
  registerUploads(app);
  registerStatic(app, deps.config.distDir);

  app.notFound((c) => c.text(localizeMessage(smsg('notFound'), c.get('lang') ?? 'en'), 404));
  app.onError((err, c) => {
    const lang = c.get('lang') ?? 'en';
    if (err instanceof HttpError) return errorResponse(c, err, lang);
    return serverFault(c, err, lang);
  });

  assertAllRouted(app, api);
  return app;
};
