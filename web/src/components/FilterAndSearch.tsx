import { SegmentedControl, Stack, Text, TextInput, Group } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useId, useState } from 'react';

/** How long typing pauses before the list is searched. */
const SEARCH_DELAY_MS = 300;

interface FilterAndSearchProps<F extends string> {
  /** What the segmented filter chooses ("Status", "Show"). */
  filterLabel: string;
  filters: { value: F; label: string }[];
  filter: F;
  onFilter: (value: F) => void;
  searchPlaceholder: string;
  /** The search the list shows now (the address's). */
  search: string;
  /** The search typed, once typing pauses. */
  onSearch: (text: string) => void;
}

/** A list's filter (a segmented control) beside its search box, which searches once typing pauses. */
export function FilterAndSearch<F extends string>({ filterLabel, filters, filter, onFilter, searchPlaceholder, search, onSearch }: FilterAndSearchProps<F>) {
  const labelId = useId();
  const [typed, setTyped] = useState(search);
  const searchLater = useDebouncedCallback(onSearch, SEARCH_DELAY_MS);
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Text component="span" size="sm" fw={500} id={labelId}>
          {filterLabel}
        </Text>
        <SegmentedControl aria-labelledby={labelId} data={filters} value={filter} onChange={(v) => onFilter(v as F)} />
      </Stack>
      <TextInput
        label="Search"
        placeholder={searchPlaceholder}
        type="search"
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          searchLater(e.currentTarget.value);
        }}
        style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
      />
    </Group>
  );
}
