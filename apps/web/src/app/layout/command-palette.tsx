import '@mantine/core/styles/Kbd.layer.css';
import '@mantine/spotlight/styles.layer.css';
import { LOOKUP_KINDS, recordLookup, type LookupHit } from '@cabdesk/contract';
import {
  ActionIcon,
  Button,
  Kbd,
  Loader,
  Modal,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useMay } from '@/hooks/use-may';
import { queryOf } from '@/lib/call';
import classes from './command-palette.module.css';
import { NAV_SCREENS, screensMatching } from './nav-items';

/** Typing waits this long before it asks the server (ms). */
const LOOKUP_DEBOUNCE_MS = 250;
/** The fewest characters the server looks up. */
const LOOKUP_MIN = 2;

/** The header's search button: opens the palette (also Ctrl+K / Cmd+K). */
export function PaletteButton() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  if (phone) {
    return (
      <Tooltip label={t('palette.open')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('palette.open')}
          onClick={spotlight.open}
        >
          <IconSearch size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={<IconSearch size={16} />}
      rightSection={<Kbd size="xs">{t('palette.shortcut')}</Kbd>}
      aria-label={t('palette.open')}
      onClick={spotlight.open}
    >
      {t('palette.button')}
    </Button>
  );
}

/**
 * The command palette (issue 21): Ctrl+K / Cmd+K or the header's button.
 * What is typed (2+ characters, after a pause) is looked up on the server,
 * its hits grouped by kind; the sidebar's screens the role may open are
 * matched as it is typed, without a call. Enter (or a click) opens the first
 * or the chosen one; the arrows move between them.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const may = useMay();
  const [query, setQuery] = useState('');
  const [typed] = useDebouncedValue(query.trim(), LOOKUP_DEBOUNCE_MS);
  const asked = typed.length >= LOOKUP_MIN;
  const lookup = useQuery({ ...queryOf(recordLookup, { q: typed }), enabled: asked });
  // Only the hits of what is in the box: those of what was typed before would
  // stay first, and a quick Enter would open one of them.
  const hits: LookupHit[] = asked && typed === query.trim() ? (lookup.data ?? []) : [];
  const screens = screensMatching(
    NAV_SCREENS.filter((item) => !item.endpoint || may.call(item.endpoint)).map((item) => ({
      to: item.to,
      label: t(item.labelKey),
    })),
    query,
  );
  const waiting =
    query.trim().length >= LOOKUP_MIN && (typed !== query.trim() || lookup.isFetching);

  // New hits: the first is the one Enter opens.
  const list = useRef<HTMLDivElement>(null);
  const shown = hits.map((hit) => `${hit.kind}${hit.id}`).join() + screens.length;
  useEffect(() => {
    const root = list.current;
    if (!root) return;
    root.querySelectorAll('[data-selected]').forEach((el) => el.removeAttribute('data-selected'));
    root.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  }, [shown]);

  const open = (route: string) => void navigate(route);

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      // Ctrl+K opens it from a search box or a form field too (issue 45): no
      // field of Cabdesk takes Ctrl+K itself.
      tagsToIgnore={[]}
      triggerOnContentEditable
      scrollable
      maxHeight={440}
      classNames={{ action: classes.action, actionDescription: classes.description }}
    >
      {/* The dialog's name, for screen readers (the search field says the rest). */}
      <VisuallyHidden>
        <Modal.Title>{t('palette.title')}</Modal.Title>
      </VisuallyHidden>
      <Spotlight.Search
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.search')}
        leftSection={<IconSearch size={18} stroke={1.5} />}
        rightSection={waiting ? <Loader size={16} aria-label={t('palette.searching')} /> : null}
      />
      <Spotlight.ActionsList ref={list} aria-label={t('palette.results')}>
        {LOOKUP_KINDS.map((kind) => {
          const ofKind = hits.filter((hit) => hit.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <Spotlight.ActionsGroup key={kind} label={t(`palette.kinds.${kind}`)}>
              {ofKind.map((hit) => (
                <Spotlight.Action
                  key={`${kind}-${hit.id}`}
                  label={hit.label}
                  description={hit.hint}
                  onClick={() => open(hit.route)}
                />
              ))}
            </Spotlight.ActionsGroup>
          );
        })}
        {screens.length > 0 ? (
          <Spotlight.ActionsGroup label={t('palette.screens')}>
            {screens.map((screen) => (
              <Spotlight.Action
                key={screen.to}
                label={screen.label}
                onClick={() => open(screen.to)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {hits.length === 0 && screens.length === 0 && !waiting ? (
          <Spotlight.Empty>
            <Text size="sm" c="dimmed">
              {t('palette.nothing')}
            </Text>
          </Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
