import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { publicInfoQuery } from './api/common.ts';
import { queryClient } from './api/query-client.ts';
import { basenameFrom } from './app/basename.ts';
import { withoutHostPrefix } from './app/host-prefix.ts';
import { detectPlatform, mobileRedirectTarget } from './app/platform.ts';
import { createAppRouter } from './app/router.tsx';
import { StartFailure } from './app/shell/StartFailure.tsx';
import { activeSkin, applySkin } from './app/skin.ts';
import { resolveLanguage, startI18n } from './i18n/i18n.ts';
import { applyLocalClearVersion } from './state/local-clear.ts';
import { siteModeOf } from './state/site-config.ts';
import { ToastProvider } from './ui/toast/ToastProvider.tsx';
import './app/shell/shell.css';

/** Start-up of the spec: storage version, language, public info (switches, skins, urls), then the routes. */
async function start(root: HTMLElement) {
  if (applyLocalClearVersion(localStorage)) {
    location.reload();
    return;
  }
  const base = basenameFrom(document.baseURI);
  const unprefixed = withoutHostPrefix(location.pathname.slice(base.length), location.search);
  if (unprefixed) history.replaceState(null, '', `${base}${unprefixed}${location.hash}`);
  const publicInfo = await queryClient.fetchQuery(publicInfoQuery).catch(() => undefined);
  await startI18n(resolveLanguage(location.search, publicInfo?.lan?.defLan));
  const reactRoot = createRoot(root);
  if (!publicInfo) {
    reactRoot.render(<StartFailure />);
    return;
  }
  const mobileTarget = mobileRedirectTarget(detectPlatform(navigator.userAgent), publicInfo.url?.mexUrl);
  if (mobileTarget) {
    location.replace(mobileTarget);
    return;
  }
  applySkin(activeSkin(publicInfo));
  const router = createAppRouter(siteModeOf(publicInfo));
  reactRoot.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider closeLabel={i18next.t('common.close')}>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
