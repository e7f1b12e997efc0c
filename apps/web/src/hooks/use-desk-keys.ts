import { useHotkeys } from '@mantine/hooks';

/** Inputs that take typed text: a key pressed there is a character, not a shortcut. */
const TYPED = new Set([
  'text',
  'search',
  'email',
  'tel',
  'url',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** Whether the focus is where a person types (a text field, a text area, a list box, editable text). */
function typingIn(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && TYPED.has(element.type);
}

/**
 * The desks' keys (the review desk, the case desk): they work wherever the focus is (a kind filter just
 * clicked, a button) except while typing in a text field, where the key is the
 * character typed (so it is not prevented either: "blurred" keeps its r).
 */
export function useDeskKeys(keys: [string, () => void][]) {
  useHotkeys(
    keys.map(([key, run]) => [
      key,
      (event) => {
        if (typingIn(document.activeElement)) return;
        event.preventDefault();
        run();
      },
      { preventDefault: false },
    ]),
    [],
  );
}
