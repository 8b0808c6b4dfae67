import { Button, Group, Modal, Select, SimpleGrid, TextInput } from '@mantine/core';
import { StatusChoice } from '../../lib/api-enums';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useStates } from '../../lib/lookups';
import { useSearchStatuses } from './api';
import { EMPTY_FILTERS, effectiveStatusIds, isStatusChoice, type OrderFilters, type TextFilter } from './dashboardParams';

export const FILTER_MODAL_TITLE = 'Filter Orders';

const TEXT_FIELDS: { key: Exclude<TextFilter, 'propertyState'>; label: string; type?: string; autoComplete?: string }[] = [
  { key: 'usaFileNumber', label: 'File Number' },
  { key: 'loanNumber', label: 'Loan Number' },
  { key: 'borrowerName', label: 'Borrower Name' },
  { key: 'propertyStreet', label: 'Property Street' },
  { key: 'propertyCity', label: 'City' },
];

export interface FilterOrdersModalProps {
  opened: boolean;
  filters: OrderFilters;
  onClose: () => void;
  /** Runs the search; the modal shows Searching... until it settles. */
  onSearch: (filters: OrderFilters) => Promise<void>;
  onClear: () => Promise<void>;
}

/** The order search form (file, loan, borrower, address, create dates, status) in the Filter Orders modal. */
export function FilterOrdersModal({ opened, filters, onClose, onSearch, onClear }: FilterOrdersModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={FILTER_MODAL_TITLE} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <FilterForm filters={filters} onClose={onClose} onSearch={onSearch} onClear={onClear} /> : null}
    </Modal>
  );
}

function FilterForm({ filters, onClose, onSearch, onClear }: Omit<FilterOrdersModalProps, 'opened'>) {
  const [values, setValues] = useState<OrderFilters>(filters);
  const [busy, setBusy] = useState<'search' | 'clear' | null>(null);
  const states = useStates();
  const statuses = useSearchStatuses();
  const set = (key: TextFilter, value: string) => setValues((v) => ({ ...v, [key]: value }));
  /** A date input's type, value and change for `key`. */
  const date = (key: TextFilter) => ({ type: 'date', value: values[key], onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value) });

  const statusValue = String(effectiveStatusIds(values.statusRefIds)[0]);
  const statusData = (statuses.data ?? []).map((o) => ({ value: String(o.id ?? o.value), label: o.label }));
  const stateData = (states.data ?? []).map((o) => ({ value: o.value, label: o.label }));

  const run = async (kind: 'search' | 'clear', action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void run('search', () => onSearch(values));
  };

  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {TEXT_FIELDS.map((f) => (
          <TextInput key={f.key} label={f.label} value={values[f.key]} onChange={(e) => set(f.key, e.currentTarget.value)} autoComplete="off" />
        ))}
        <Select
          label="State"
          placeholder="Any state"
          data={stateData}
          value={values.propertyState || null}
          onChange={(v) => set('propertyState', v ?? '')}
          searchable
          clearable
          nothingFoundMessage="No matching state"
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label="ZIP Code" value={values.propertyZip} onChange={(e) => set('propertyZip', e.currentTarget.value)} inputMode="numeric" autoComplete="off" />
        <TextInput label="Create Date From" {...date('createDateFrom')} max={values.createDateTo || undefined} />
        <TextInput label="Create Date To" {...date('createDateTo')} min={values.createDateFrom || undefined} />
        <Select
          label="Status"
          data={statusData}
          value={statusData.length ? statusValue : null}
          onChange={(v) => {
            const choice = Number(v);
            setValues((cur) => ({ ...cur, statusRefIds: v !== null && isStatusChoice(choice) ? [choice] : [] }));
          }}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="lg">
        <Button
          variant="default"
          disabled={busy !== null}
          onClick={() => {
            setValues({ ...EMPTY_FILTERS, statusRefIds: [StatusChoice.All] });
            void run('clear', onClear);
          }}
        >
          Clear
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy !== null}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy !== null}>
            {busy === 'search' ? 'Searching...' : 'Search'}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
