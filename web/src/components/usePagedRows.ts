import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type PaginationBarProps } from './PaginationBar';

/**
 * One page of a list the server sends whole (clients, payable orders), with the props of the
 * PaginationBar under it; `paged` is false while the list fits the smallest page.
 */
export function usePagedRows<T>(rows: T[], firstPageSize: number = DEFAULT_PAGE_SIZE) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(firstPageSize);
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, totalPages - 1);
  const bar: Omit<PaginationBarProps, 'label'> = {
    page: current,
    pageSize,
    totalItems: rows.length,
    totalPages,
    onPageChange: setPage,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPage(0);
    },
  };
  return { visible: rows.slice(current * pageSize, (current + 1) * pageSize), bar, paged: rows.length > PAGE_SIZE_OPTIONS[0] };
}
