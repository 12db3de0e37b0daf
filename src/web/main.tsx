import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers';
import { prefetchLinksOnIntent, prefetchRoute } from './app/prefetch';
import { routes } from './app/router';
import './styles.css';

prefetchLinksOnIntent(routes);
// A deep link's page and its layout (the dashboard shell) load side by side, not one after
// the other as rendering would discover them.
prefetchRoute(routes, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
