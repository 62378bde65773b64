import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRouteAt } from './app/router';
import './styles.css';

// The first render waits for the screen's code (preloaded by the page's HTML, docs/decisions/0034):
// rendering before it would suspend, and React holds a screen that resumes from a fallback back
// for up to 300 ms, delaying the screen's own data requests. Until then index.html's
// "Carregando…" stays on screen.
void preloadRouteAt(window.location.pathname).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
