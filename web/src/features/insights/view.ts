import type { InsightArea, InsightInterval, InsightMetric, InsightQuery } from './api';

/** The tabs of each area, one per metric: a lender sees its own orders and invoices, not the desk's revenue or appraiser pay. */
export const METRIC_TABS: Record<InsightArea, readonly { metric: InsightMetric; label: string }[]> = {
  staff: [
    { metric: 'volume', label: 'Volume' },
    { metric: 'pipeline', label: 'Pipeline' },
    { metric: 'turn-time', label: 'Turn Time' },
    { metric: 'quality', label: 'Quality' },
    { metric: 'revenue', label: 'Revenue' },
    { metric: 'receivables', label: 'Receivables' },
    { metric: 'appraiser-pay', label: 'Appraiser Pay' },
  ],
  client: [
    { metric: 'volume', label: 'Volume' },
    { metric: 'pipeline', label: 'Pipeline' },
    { metric: 'turn-time', label: 'Turn Time' },
    { metric: 'quality', label: 'Quality' },
    { metric: 'receivables', label: 'Invoices' },
  ],
};

type MetricTab = { metric: InsightMetric; label: string };

/** The tabs a caller sees: a lender's invoices only for its administrators, as its Invoices page. */
export function tabsFor(area: InsightArea, administers: boolean): readonly MetricTab[] {
  if (area === 'staff' || administers) return METRIC_TABS[area];
  return CLIENT_TABS_WITHOUT_INVOICES;
}

const CLIENT_TABS_WITHOUT_INVOICES = METRIC_TABS.client.filter((t) => t.metric !== 'receivables');

export const INTERVALS: readonly InsightInterval[] = ['day', 'week', 'month'];

/** The filters each area offers: its lender, product, state and firm for the desk; a lender only its product and state. */
const FILTERS: Record<InsightArea, readonly (keyof InsightQuery)[]> = {
  staff: ['from', 'to', 'interval', 'clientId', 'productId', 'state', 'firmId'],
  client: ['from', 'to', 'interval', 'productId', 'state'],
};

/** What the page shows: a metric and the filters set (each one left out when not). */
export interface InsightView {
  metric: InsightMetric;
  query: InsightQuery;
}

const isInterval = (value: string): value is InsightInterval => (INTERVALS as readonly string[]).includes(value);

/** The view a link gives (`metric` and the filters in its search params): the first tab's metric when none or another area's. */
export function readView(params: URLSearchParams, area: InsightArea, tabs: readonly MetricTab[] = METRIC_TABS[area]): InsightView {
  const metric = tabs.find((t) => t.metric === params.get('metric'))?.metric ?? tabs[0].metric;
  const query: InsightQuery = {};
  for (const key of FILTERS[area]) {
    const value = params.get(key);
    if (!value) continue;
    if (key === 'interval') {
      if (isInterval(value)) query.interval = value;
    } else query[key] = value;
  }
  return { metric, query };
}

/** The search params of a view: the metric and the filters that are set. */
export function viewParams({ metric, query }: InsightView): URLSearchParams {
  const params = new URLSearchParams({ metric });
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return params;
}
