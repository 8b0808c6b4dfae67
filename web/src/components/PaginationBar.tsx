import { ActionIcon, Box, Button, Group, NativeSelect, Text } from '@mantine/core';
import { useId } from 'react';
import { pageItems, shownRange } from './pageItems';
import { LineIcon } from './icons';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface PaginationBarProps {
  /** 0-based page index. */
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  /** The total stopped at a cap (a search over a very large book): shown as "10,000+", and the last page is not known. */
  totalIsLowerBound?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  pageSizeOptions?: readonly number[];
  /** Names the navigation landmark, e.g. "Orders pages". */
  label?: string;
}

function Chevron({ dir, double }: { dir: 'left' | 'right'; double?: boolean }) {
  const d = dir === 'left' ? 'M15 6l-6 6l6 6' : 'M9 6l6 6l-6 6';
  const d2 = dir === 'left' ? 'M20 6l-6 6l6 6' : 'M4 6l6 6l-6 6';
  return (
    <LineIcon size={18}>
      <path d={d} />
      {double ? <path d={d2} /> : null}
    </LineIcon>
  );
}

/** The pagination bar: "Showing X - Y of N results", rows per page, first/previous/next/last and page numbers (Page X of Y on mobile). */
export function PaginationBar({
  page,
  pageSize,
  totalItems,
  totalPages,
  totalIsLowerBound = false,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  label = 'Pagination',
}: PaginationBarProps) {
  const sizeId = useId();
  const pages = Math.max(totalPages, 1);
  const current = Math.min(Math.max(page, 0), pages - 1);
  const { from, to } = shownRange(current, pageSize, totalItems);
  const atStart = current <= 0;
  const atEnd = current >= pages - 1;
  const more = totalIsLowerBound ? '+' : '';
  const shownTotal = totalIsLowerBound ? totalItems.toLocaleString('en-US') : totalItems;

  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label={label}>
      <Text size="sm" aria-live="polite">
        Showing {from} - {to} of {shownTotal}
        {more} results
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text component="label" htmlFor={sizeId} size="sm">
          Rows per page
        </Text>
        <NativeSelect id={sizeId} size="xs" w={72} value={String(pageSize)} onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))} data={pageSizeOptions.map(String)} />
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" size="lg" aria-label="First page" disabled={atStart} onClick={() => onPageChange(0)}>
          <Chevron dir="left" double />
        </ActionIcon>
        <ActionIcon variant="default" size="lg" aria-label="Previous page" disabled={atStart} onClick={() => onPageChange(current - 1)}>
          <Chevron dir="left" />
        </ActionIcon>
        <Group gap={4} wrap="nowrap" visibleFrom="sm">
          {pageItems(current, pages).map((item) =>
            item.kind === 'ellipsis' ? (
              <Box key={item.key} component="span" aria-hidden="true" px={4}>
                …
              </Box>
            ) : (
              <Button
                key={item.page}
                size="compact-sm"
                h={34}
                miw={34}
                variant={item.page === current + 1 ? 'filled' : 'default'}
                aria-label={`Page ${item.page}`}
                aria-current={item.page === current + 1 ? 'page' : undefined}
                onClick={() => onPageChange(item.page - 1)}
              >
                {item.page}
              </Button>
            ),
          )}
        </Group>
        <Text size="sm" hiddenFrom="sm" px={4}>
          Page {current + 1} of {pages}
          {more}
        </Text>
        <ActionIcon variant="default" size="lg" aria-label="Next page" disabled={atEnd} onClick={() => onPageChange(current + 1)}>
          <Chevron dir="right" />
        </ActionIcon>
        <ActionIcon variant="default" size="lg" aria-label="Last page" disabled={atEnd || totalIsLowerBound} onClick={() => onPageChange(pages - 1)}>
          <Chevron dir="right" double />
        </ActionIcon>
      </Group>
    </Group>
  );
}
