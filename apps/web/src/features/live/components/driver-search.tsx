import type { MapDriver } from '@cabdesk/contract';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveSearch } from '../api/search-live-drivers';

/** Finds a driver on the map by name or plate; picking one hands them to `onPick` (the map flies there). */
export function DriverSearch({ onPick }: { onPick: (driver: MapDriver) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, 300);
  const found = useLiveSearch(search);
  const drivers = found.data ?? [];
  return (
    <Select
      aria-label={t('live.search')}
      placeholder={t('live.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      // The server matched name or plate already: every answer is an option.
      filter={({ options }) => options}
      data={drivers.map((driver) => ({
        value: String(driver.id),
        label: driver.license_number ? `${driver.name} · ${driver.license_number}` : driver.name,
      }))}
      value={null}
      onChange={(value) => {
        const driver = drivers.find((d) => String(d.id) === value);
        if (driver) {
          onPick(driver);
          setTyped('');
        }
      }}
      nothingFoundMessage={search.trim().length >= 2 && found.isSuccess ? t('live.noMatch') : null}
      w={{ base: '100%', sm: 280 }}
      clearable={false}
    />
  );
}
