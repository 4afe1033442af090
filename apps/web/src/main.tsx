import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/app';
import { queryStateElementId } from './app/public-pages';
import { queryClient } from './lib/query-client';
import './index.css';

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
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
