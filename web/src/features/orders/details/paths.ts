/**
 * Where the order pages live. Order details open under /appraiser, but /appraiser is closed
 * to staff (docs/domain.md#parties-and-roles), so staff get the same page under /staff; everything on the page
 * (back button, tab links, "no longer available") stays in the area it was opened in.
 */
export interface OrderArea {
  prefix: '/appraiser' | '/staff';
  dashboard: string;
  order: (id: number) => string;
  noLongerAvailable: (id: number | string) => string;
}

export function orderArea(pathname: string): OrderArea {
  const prefix = pathname === '/staff' || pathname.startsWith('/staff/') ? '/staff' : '/appraiser';
  return {
    prefix,
    dashboard: `${prefix}/dashboard`,
    order: (id) => `${prefix}/orderdetails/${id}`,
    noLongerAvailable: (id) => `${prefix}/orderdetails/${id}/no-longer-available`,
  };
}

/** The details page of order `id` for a list shown at `pathname` (the dashboard's row click). */
export function orderDetailsPathFrom(pathname: string, id: number): string {
  return orderArea(pathname).order(id);
}
