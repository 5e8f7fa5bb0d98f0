import { isLocale } from '@corridor/contracts/wire/locales';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
// The app's composition root, on purpose: the gallery shows the parts as the app frames them.
import { AppProviders } from '../src/app/providers';
import '../src/app/styles';
import '../src/app/layouts/signed-in-styles';
import { countriesMessages } from '@/features/countries';
import { commonMessages, setLocale } from '@/i18n';
import { uiMessages } from '@/ui/messages';
import { GalleryPage, ShellPreview } from './gallery';
import './gallery.css';

const params = new URLSearchParams(window.location.search);
const lang = params.get('lang');
const locale = isLocale(lang) ? lang : 'en';
const scheme = params.get('scheme') === 'dark' ? 'dark' : 'light';
const frame = params.get('frame');

await setLocale(locale, { remember: false });
await Promise.all([
  uiMessages.load(locale),
  commonMessages.load(locale),
  countriesMessages.load(locale),
]);

// The parts link with react-router's <Link>; a memory router keeps the gallery where it is.
const router = createMemoryRouter([
  {
    path: '*',
    element: frame === 'shell' ? <ShellPreview /> : <GalleryPage locale={locale} scheme={scheme} />,
  },
]);

const container = document.getElementById('root');
if (container === null) throw new Error('gallery/index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppProviders forceColorScheme={scheme}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
