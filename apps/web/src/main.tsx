// First: no module may build a zod schema before zod is told not to try eval (lib/no-eval).
import './lib/no-eval';
// Second: the translations are asked for before the router asks for the first screen's code.
import { translationsLoaded } from './start-i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { routerReady } from './app/router';

const root = createRoot(document.getElementById('root')!);

// A transition: React renders the first screen in slices, yielding to the browser between them,
// instead of holding the page for the whole of it. By then the router has the screen's code and
// its first calls' answers (app/screen-calls.ts): it renders once, with its data.
function render() {
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// Render once the translations are loaded (or failed to load: keys then show, nothing blocks)
// and the router is ready. initI18n keeps <html lang> and the date locale in step with the language.
void Promise.all([translationsLoaded.catch(() => undefined), routerReady]).then(render);
