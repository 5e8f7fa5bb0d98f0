// From 'react-router', not 'react-router/dom': under Node (Vitest) the latter require()s a second
// copy of react-router with its own contexts. We never navigate with `flushSync`, its only extra.
import { RouterProvider, type DataRouter } from 'react-router';
import { AppProviders, type AppProvidersProps } from './providers';

export interface AppProps {
  router: DataRouter;
  env?: AppProvidersProps['env'];
}

export function App({ router, env }: AppProps) {
  return (
    <AppProviders env={env}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
