import { CloseButton, Group, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC 9: a search waits 2000 ms after the last keystroke, then asks for page 1. */
const SEARCH_DEBOUNCE_MS = 2000;

interface SearchBoxProps {
  /** The search in force (from the URL). */
  value: string;
  /** Called 2000 ms after typing stops (or on Enter), with the trimmed text. */
  onSearch: (value: string) => void;
  label?: string;
}

/**
 * A list's search box. While the 2 s of SPEC's debounce run, a spinner in the
 * box says a search is on its way (and a screen reader hears it); Enter
 * searches at once.
 */
export function SearchBox({ value, onSearch, label }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // Back, forward or a link may change the search in force: show it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const pending = text.trim() !== value;

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, pending, onSearch]);

  return (
    <TextInput
      type="search"
      aria-label={label ?? t('table.search')}
      placeholder={t('table.searchPlaceholder')}
      leftSection={<IconSearch size={16} stroke={1.5} />}
      rightSectionWidth={pending && text !== '' ? 56 : undefined}
      rightSection={
        <Group gap={4} wrap="nowrap">
          {pending ? (
            <Loader size={14} role="status" aria-label={t('table.searchPending')} />
          ) : null}
          {text !== '' ? (
            <CloseButton
              size="sm"
              aria-label={t('table.clearSearch')}
              onClick={() => {
                setText('');
                onSearch('');
              }}
            />
          ) : null}
        </Group>
      }
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        // Enter searches at once.
        if (event.key === 'Enter') onSearch(text.trim());
      }}
      w={{ base: '100%', sm: 280 }}
      maxLength={100}
    />
  );
}
