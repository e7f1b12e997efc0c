import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC 9: a search waits 2000 ms after the last keystroke, then asks for page 1. */
export const SEARCH_DEBOUNCE_MS = 2000;

interface SearchBoxProps {
  /** The search in force (from the URL). */
  value: string;
  /** Called 2000 ms after typing stops, with the trimmed text. */
  onSearch: (value: string) => void;
  label?: string;
}

export function SearchBox({ value, onSearch, label }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // Back, forward or a link may change the search in force: show it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <TextInput
      type="search"
      aria-label={label ?? t('table.search')}
      placeholder={t('table.searchPlaceholder')}
      leftSection={<IconSearch size={16} stroke={1.5} />}
      rightSection={
        text !== '' ? (
          <CloseButton
            size="sm"
            aria-label={t('table.clearSearch')}
            onClick={() => {
              setText('');
              onSearch('');
            }}
          />
        ) : null
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
