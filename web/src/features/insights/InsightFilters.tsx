import { Button, Group, SegmentedControl, Select, Stack, Text, type ComboboxItem } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useReportProducts, useStates } from '../../lib/lookups';
import { clientsQuery, companiesQuery } from '../../lib/staffLists';
import type { Insight, InsightArea, InsightInterval, InsightQuery } from './api';
import { INTERVALS } from './view';

/** A filter's width: the whole row on a phone, where the filters stack. */
const FIELD_WIDTH = { base: '100%', sm: 200 };

const INTERVAL_LABELS: Record<InsightInterval, string> = { day: 'Day', week: 'Week', month: 'Month' };

export interface InsightFiltersProps {
  area: InsightArea;
  query: InsightQuery;
  /** The range and interval the server applied: shown while the link leaves them to its defaults. */
  applied: Pick<Insight, 'from' | 'to' | 'interval'> | undefined;
  onChange: (query: InsightQuery) => void;
  /** The metric reads a date range (the pipeline and unpaid invoices are as of now). */
  dated: boolean;
}

/** The dates, the interval and the lookups that narrow the metric (each area's own), and Clear filters once one is set. */
export function InsightFilters({ area, query, applied, onChange, dated }: InsightFiltersProps) {
  const set = (key: keyof InsightQuery) => (value: string | null) => onChange({ ...query, [key]: value || undefined });
  return (
    <Group align="end" wrap="wrap" gap="sm">
      {dated ? <RangeFilters query={query} applied={applied} set={set} /> : null}
      {area === 'staff' ? <ClientFilter value={query.clientId} onChange={set('clientId')} /> : null}
      <ProductFilter value={query.productId} onChange={set('productId')} />
      <StateFilter value={query.state} onChange={set('state')} />
      {area === 'staff' ? <FirmFilter value={query.firmId} onChange={set('firmId')} /> : null}
      {Object.keys(query).length ? (
        <Button variant="default" onClick={() => onChange({})}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}

type Setter = (key: keyof InsightQuery) => (value: string | null) => void;

const RANGE_ENDS = [
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
] as const;

/** From, To and the interval. */
function RangeFilters({ query, applied, set }: Pick<InsightFiltersProps, 'query' | 'applied'> & { set: Setter }) {
  return (
    <>
      {RANGE_ENDS.map(({ key, label }) => (
        <DateInput
          key={key}
          label={label}
          valueFormat="YYYY-MM-DD"
          value={query[key] ?? applied?.[key] ?? null}
          onChange={set(key)}
          clearable
          clearButtonProps={{ 'aria-label': `Clear ${label}` }}
          w={FIELD_WIDTH}
        />
      ))}
      <IntervalControl value={query.interval ?? applied?.interval ?? 'week'} onChange={set('interval')} />
    </>
  );
}

function IntervalControl({ value, onChange }: { value: InsightInterval; onChange: (value: string) => void }) {
  const labelId = useId();
  return (
    <Stack gap={4} w={{ base: '100%', sm: 'auto' }}>
      <Text component="span" id={labelId} size="sm" fw={500}>
        Interval
      </Text>
      <SegmentedControl aria-labelledby={labelId} data={INTERVALS.map((i) => ({ value: i, label: INTERVAL_LABELS[i] }))} value={value} onChange={onChange} />
    </Stack>
  );
}

interface FilterProps {
  value: string | undefined;
  onChange: (value: string | null) => void;
}

/** A lookup filter: searchable, and cleared to mean any. */
function LookupFilter({ label, any, data, value, onChange }: FilterProps & { label: string; any: string; data: ComboboxItem[] }) {
  return (
    <Select
      label={label}
      placeholder={any}
      data={data}
      value={value ?? null}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="Nothing matches"
      comboboxProps={{ withinPortal: true }}
      w={FIELD_WIDTH}
    />
  );
}

function ClientFilter(props: FilterProps) {
  const clients = useQuery(clientsQuery());
  const data = (clients.data ?? []).map((c) => ({ value: String(c.id), label: c.companyName }));
  return <LookupFilter label="Client" any="Any client" data={data} {...props} />;
}

function ProductFilter(props: FilterProps) {
  const products = useReportProducts();
  const data = (products.data ?? []).map((p) => ({ value: String(p.id), label: p.label }));
  return <LookupFilter label="Product" any="Any product" data={data} {...props} />;
}

function StateFilter(props: FilterProps) {
  const states = useStates();
  const data = (states.data ?? []).map((s) => ({ value: s.value, label: s.label }));
  return <LookupFilter label="State" any="Any state" data={data} {...props} />;
}

/** Every firm, active or not: a past range may have orders of a firm closed since. */
function FirmFilter(props: FilterProps) {
  const firms = useQuery(companiesQuery());
  const data = (firms.data ?? []).map((f) => ({ value: String(f.id), label: f.name }));
  return <LookupFilter label="Appraiser firm" any="Any firm" data={data} {...props} />;
}
