import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18n, initI18n } from './lib/i18n';

const root = createRoot(document.getElementById('root')!);

function render() {
  document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Render once the translations are loaded (or failed to load: keys then show, nothing blocks).
initI18n().then(render, render);
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
