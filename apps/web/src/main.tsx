// First: no module may build a zod schema before zod is told not to try eval (lib/no-eval).
import './lib/no-eval';
// Second: the translations are asked for before the router asks for the first screen's code.
import { translationsLoaded } from './start-i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = createRoot(document.getElementById('root')!);

function render() {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Render once the translations are loaded (or failed to load: keys then show, nothing blocks).
// initI18n keeps <html lang> and the date locale in step with the language.
translationsLoaded.then(render, render);
