import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/app';
import { queryStateElementId } from './app/public-pages';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App client={queryClient} />
  </StrictMode>
);

// A public page comes rendered by the server with the data it was rendered from (entry-server.tsx):
// the cache starts with that data, so the first render matches the HTML and nothing is refetched.
const serverState = document.getElementById(queryStateElementId)?.textContent;
if (serverState && root.firstElementChild) {
  hydrate(queryClient, JSON.parse(serverState));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a tap or a scroll meanwhile is answered (Lighthouse's TBT).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
