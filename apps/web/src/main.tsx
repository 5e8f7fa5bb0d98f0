import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles';
import { App } from './app/app';
import { installPreloadErrorRecovery } from './app/preload-error';
import { currentLocale, initLocale } from './i18n';
import { httpClient } from './lib/http-client';
import { createAppRouter } from './app/router';
import { registerNavigate } from './lib/navigation';

installPreloadErrorRecovery();
// The language of the first paint: this browser's choice, else its languages (DESIGN §9).
initLocale();
// The server answers (messages, validation errors) in the language the screens show.
httpClient.provideHeader('Accept-Language', currentLocale);

const router = createAppRouter();
// The HTTP client navigates (401 → sign-in) through this, without importing the router.
registerNavigate((to, options) => router.navigate(to, options));

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
