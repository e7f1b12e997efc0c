import { useTranslation } from 'react-i18next';
import { RecordFilter } from '@/components/data-table';
import { chosenOption, companyOptions, driverOptions } from '../api/record-options';

const KINDS = {
  company: { label: 'filters.company', placeholder: 'filters.anyCompany', search: companyOptions },
  driver: { label: 'filters.driver', placeholder: 'filters.anyDriver', search: driverOptions },
} as const;

/** A list's filter by company or by driver: found by name, e-mail or phone. */
export function UserFilter({
  kind,
  value,
  onChange,
}: {
  kind: keyof typeof KINDS;
  /** The record chosen (an id from the URL), '' for none. */
  value: string;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const { label, placeholder, search } = KINDS[kind];
  return (
    <RecordFilter
      label={t(label)}
      placeholder={t(placeholder)}
      value={value}
      onChange={onChange}
      search={search}
      chosen={chosenOption}
    />
  );
}
