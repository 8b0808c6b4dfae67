import { Skeleton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { EmptyState } from './DataDisplay';
import { PaginationBar } from './PaginationBar';
import { ResponsiveTable, type ResponsiveTableProps } from './ResponsiveTable';
import { usePagedRows } from './usePagedRows';

/** A phone-sized screen, where tables become a card per row. */
export const usePhoneScreen = () => useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

/** What a page's list is, fixed for the page: its names and shape (the page adds columns, rows and each row's buttons). */
export interface ListSpec<T> extends Omit<ResponsiveTableProps<T>, 'items' | 'mobile' | 'columns' | 'actions'> {
  /** What the rows are, e.g. "firms": "Loading firms" while loading, "Firms pages" on the pagination bar. */
  noun: string;
  /** Shown when the loaded list is empty. */
  empty: string;
  /** Every row at once, without pagination. */
  unpaged?: boolean;
  /** Rows a page to start with (one of PAGE_SIZE_OPTIONS; 25 unless given). */
  pageSize?: number;
}

interface ListTableProps<T> extends ListSpec<T>, Pick<ResponsiveTableProps<T>, 'columns' | 'actions'> {
  /** The rows, once loaded. */
  rows: T[] | undefined;
  loading: boolean;
  /** Above the table while it has rows (a count, say). */
  header?: ReactNode;
}

/** A page's list that the server sends whole: a skeleton, the empty message, or the table a page at a time. */
export function ListTable<T extends { id: number | string }>({ rows, loading, noun, empty, unpaged, pageSize, header, ...table }: ListTableProps<T>) {
  const mobile = usePhoneScreen();
  const pages = usePagedRows(rows ?? [], pageSize);
  const visible = unpaged ? (rows ?? []) : pages.visible;
  return (
    <>
      {loading ? <Skeleton h={160} aria-label={`Loading ${noun}`} /> : null}
      {rows?.length === 0 ? <EmptyState message={empty} /> : null}
      {rows?.length ? (
        <>
          {header}
          <ResponsiveTable items={visible} mobile={mobile} {...table} />
        </>
      ) : null}
      {!unpaged && pages.paged ? <PaginationBar {...pages.bar} label={`${noun[0]!.toUpperCase()}${noun.slice(1)} pages`} /> : null}
    </>
  );
}
