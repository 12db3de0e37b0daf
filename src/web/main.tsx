import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers';
import { prefetchLinksOnIntent } from './app/prefetch';
import { routes } from './app/router';
import './styles.css';

prefetchLinksOnIntent(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
