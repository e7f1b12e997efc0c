import { Select } from '@mantine/core';

interface FilterSelectProps {
  label: string;
  /** The value in force, '' for all. */
  value: string;
  options: { value: string; label: string }[];
  placeholder: string;
  onChange: (value: string | null) => void;
}

/** A filter beside the search box (status, approval); clearing it shows all. */
export function FilterSelect({ label, value, options, placeholder, onChange }: FilterSelectProps) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      data={options}
      value={value === '' ? null : value}
      onChange={onChange}
      clearable
      allowDeselect
      w={{ base: '100%', sm: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
