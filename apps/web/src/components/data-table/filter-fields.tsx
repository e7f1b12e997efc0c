import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import {
  ActionIcon,
  Button,
  Menu,
  MultiSelect,
  NumberInput,
  Select,
  TextInput,
  type SelectProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { IconCalendar, IconCalendarEvent } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, presetRange } from '@/lib/date-presets';
import { formatDate, parseDate } from '@/lib/format';

/**
 * The fields a list's filters are made of. Each shows the value in force
 * (from the URL, '' for none) and reports a change; inline beside the search
 * on a desktop, one under the other in the phone's drawer.
 */

export interface FilterOption {
  value: string;
  label: string;
}

const WIDTH = { base: '100%', sm: 210 } as const;

interface ChoiceProps {
  label: string;
  /** What an empty field says: "All statuses". */
  placeholder: string;
  options: FilterOption[];
}

/** One value of a few (status, approval, payment method); clearing it shows all. */
export function FilterSelect({
  label,
  placeholder,
  options,
  value,
  onChange,
  searchable = false,
  ...select
}: ChoiceProps &
  Omit<SelectProps, 'value' | 'onChange' | 'data'> & {
    value: string;
    onChange: (value: string | null) => void;
    /** Typing narrows the options (long lists). */
    searchable?: boolean;
  }) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      data={options}
      value={value === '' ? null : value}
      onChange={onChange}
      searchable={searchable}
      clearable
      allowDeselect
      w={WIDTH}
      comboboxProps={{ withinPortal: true }}
      {...select}
    />
  );
}

const valuesOf = (value: string) => (value === '' ? [] : value.split(','));

/**
 * Several values of a few (trip statuses), sent comma-separated. The field
 * keeps what was picked itself: the URL renders a change late (a transition),
 * and a second pick made before that would otherwise drop the first.
 */
export function FilterMultiSelect({
  label,
  placeholder,
  options,
  value,
  onChange,
}: ChoiceProps & { value: string; onChange: (value: string | null) => void }) {
  const [chosen, setChosen] = useState(() => valuesOf(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setChosen(valuesOf(value));
  }
  return (
    <MultiSelect
      aria-label={label}
      placeholder={chosen.length === 0 ? placeholder : undefined}
      data={options}
      value={chosen}
      onChange={(next) => {
        setChosen(next);
        onChange(
          options
            .filter((o) => next.includes(o.value))
            .map((o) => o.value)
            .join(','),
        );
      }}
      clearable
      w={{ base: '100%', sm: 300 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface RangeProps {
  from: string;
  to: string;
  onChange: (changes: { from?: string | null; to?: string | null }) => void;
}

const DAY_WORDS = {
  from: { label: 'filters.fromDate', short: 'filters.from' },
  to: { label: 'filters.toDate', short: 'filters.to' },
} as const;

/** The day a field shows: SPEC's display format (Nov-22-2026), '' for none. */
const shownDay = (value: string) => (value === '' ? '' : formatDate(value));

/**
 * One end of a range of days, written in SPEC's display format (Nov-22-2026;
 * `2026-11-22` is understood too) or picked from the browser's own calendar
 * (the button beside). A complete day is sent as it is typed; a day half typed
 * sends nothing and, once the field is left or Enter pressed, says it is
 * incomplete; a day on the wrong side of the other end says so too.
 */
function DayInput({
  end,
  value,
  min,
  max,
  onChange,
}: {
  end: 'from' | 'to';
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => shownDay(value));
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  if (value !== shown) {
    setShown(value);
    setText(shownDay(value));
    setError(null);
  }

  /** The problem with `day` against the other end, or null. */
  const outOfOrder = (day: string) =>
    (min && day < min) || (max && day > max) ? t('filters.dateOrder') : null;

  const take = (typed: string, settled: boolean) => {
    setText(typed);
    if (typed.trim() === '') {
      setError(null);
      if (value !== '') onChange(null);
      return;
    }
    const day = parseDate(typed);
    if (day === null) {
      // Said once the person is done typing, not at every keystroke.
      setError(settled ? t('filters.incompleteDate', { example: formatDate(new Date()) }) : null);
      return;
    }
    const problem = outOfOrder(day);
    setError(problem);
    if (problem === null && day !== value) onChange(day);
  };

  return (
    <>
      <TextInput
        aria-label={t(DAY_WORDS[end].label)}
        placeholder={t('filters.datePlaceholder')}
        leftSection={t(DAY_WORDS[end].short)}
        leftSectionWidth={52}
        leftSectionProps={{ style: { fontSize: 'var(--mantine-font-size-xs)' } }}
        rightSection={
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('filters.pickDate', { end: t(DAY_WORDS[end].short) })}
            onClick={() => picker.current?.showPicker?.()}
          >
            <IconCalendar size={16} aria-hidden />
          </ActionIcon>
        }
        value={text}
        error={error}
        onChange={(event) => take(event.currentTarget.value, false)}
        onBlur={(event) => take(event.currentTarget.value, true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') take(event.currentTarget.value, true);
        }}
        autoComplete="off"
        inputMode="text"
        w={{ base: '100%', sm: 184 }}
      />
      {/* The browser's own calendar, opened by the button in the field. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => take(event.currentTarget.value, true)}
        style={{ position: 'absolute', width: 0, height: 0, opacity: 0, pointerEvents: 'none' }}
      />
    </>
  );
}

/**
 * A range of days, both inclusive, in the administrator's time zone: two
 * fields in SPEC's display format, the second never before the first, and
 * the usual ranges in one click (DATE_PRESETS).
 */
export function DateRangeFilter({ from, to, onChange }: RangeProps) {
  const { t } = useTranslation();
  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconCalendarEvent size={16} />}>
            {t('filters.datePresets')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {DATE_PRESETS.map((preset) => (
            <Menu.Item key={preset} onClick={() => onChange(presetRange(preset))}>
              {t(`filters.presets.${preset}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <DayInput end="from" value={from} max={to} onChange={(value) => onChange({ from: value })} />
      <DayInput end="to" value={to} min={from} onChange={(value) => onChange({ to: value })} />
    </>
  );
}

/** An amount in dollars, sent once typed (on leaving the field or Enter), not per keystroke. */
function AmountInput({
  label,
  placeholder,
  value,
  onCommit,
}: {
  label: string;
  placeholder: string;
  value: string;
  onCommit: (value: string | null) => void;
}) {
  const [text, setText] = useState<string | number>(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const commit = () => {
    const next = String(text).trim();
    if (next !== value) onCommit(next === '' ? null : next);
  };
  return (
    <NumberInput
      aria-label={label}
      placeholder={placeholder}
      prefix="$"
      min={0}
      decimalScale={2}
      allowNegative={false}
      hideControls
      value={text}
      onChange={setText}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      w={{ base: '100%', sm: 120 }}
    />
  );
}

/** A price range in dollars, both ends inclusive. */
export function AmountRangeFilter({
  min,
  max,
  onChange,
}: {
  min: string;
  max: string;
  onChange: (changes: { min_amount?: string | null; max_amount?: string | null }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <AmountInput
        label={t('filters.minPrice')}
        placeholder={t('filters.minPrice')}
        value={min}
        onCommit={(value) => onChange({ min_amount: value })}
      />
      <AmountInput
        label={t('filters.maxPrice')}
        placeholder={t('filters.maxPrice')}
        value={max}
        onCommit={(value) => onChange({ max_amount: value })}
      />
    </>
  );
}

/** Query options that answer filter options (a page of companies matching a search). */
type OptionsQuery<TData, TKey extends QueryKey = QueryKey> = UseQueryOptions<
  TData,
  Error,
  FilterOption[],
  TKey
>;

interface RecordFilterProps<TFound, TChosen, KF extends QueryKey, KC extends QueryKey> {
  label: string;
  placeholder: string;
  /** The record chosen (an id from the URL), '' for none. */
  value: string;
  onChange: (value: string | null) => void;
  /** The records matching what is typed, as options. */
  search: (text: string) => OptionsQuery<TFound, KF>;
  /** The record chosen, as an option (its name, even when no search found it). */
  chosen: (id: number) => OptionsQuery<TChosen, KC>;
}

/** One record of many (a company, a driver), found by typing its name. */
export function RecordFilter<TFound, TChosen, KF extends QueryKey, KC extends QueryKey>({
  search,
  chosen,
  ...field
}: RecordFilterProps<TFound, TChosen, KF, KC>) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text, 300);
  // Searched once the field is opened, not on every visit of the list.
  const [opened, setOpened] = useState(false);
  const found = useQuery({
    ...search(typed),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const current = useQuery({ ...chosen(Number(field.value)), enabled: field.value !== '' });
  const options = [...(current.data ?? []), ...(found.data ?? [])].filter(
    (option, index, all) => all.findIndex((o) => o.value === option.value) === index,
  );
  return (
    <FilterSelect
      {...field}
      options={options}
      searchable
      searchValue={text}
      onSearchChange={setText}
      onDropdownOpen={() => setOpened(true)}
      // The server searched already: every option it answered is shown.
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? t('common.loading') : t('common.noRecords')}
    />
  );
}
