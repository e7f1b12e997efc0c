import { useTranslation } from 'react-i18next';
import { useLookups } from '@/hooks/use-lookups';
import { FilterSelect } from './data-table';

type LookupKind = 'service_types' | 'vehicle_types' | 'payment_methods';

const WORDS = {
  service_types: { label: 'filters.serviceType', any: 'filters.anyServiceType' },
  vehicle_types: { label: 'filters.vehicleType', any: 'filters.anyVehicleType' },
  payment_methods: { label: 'filters.paymentMethod', any: 'filters.anyPaymentMethod' },
} as const;

/**
 * A filter by one of the marketplace's values (the lookups call): a service
 * type or vehicle type by its id, a payment method by its name.
 */
export function LookupFilter({
  kind,
  value,
  onChange,
}: {
  kind: LookupKind;
  value: string;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const lookups = useLookups();
  const options =
    kind === 'payment_methods'
      ? (lookups.data?.payment_methods ?? []).map((method) => ({
          value: method,
          // The methods the marketplace knows are translated; any other is shown as recorded.
          label: t(`paymentMethods.${method}`, { defaultValue: method }),
        }))
      : (lookups.data?.[kind] ?? []).map((type) => ({ value: String(type.id), label: type.title }));
  // A value from the URL shows even before (or without) its name.
  if (value !== '' && !options.some((option) => option.value === value)) {
    options.push({ value, label: value });
  }
  return (
    <FilterSelect
      label={t(WORDS[kind].label)}
      placeholder={t(WORDS[kind].any)}
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}
