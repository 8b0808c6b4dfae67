import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';

/** How a number reads: a count, business or calendar days, a percentage, or money in whole cents. */
export type InsightUnit = Schemas['InsightUnit'];
/** A headline figure of a metric (e.g. Received: 41). */
export type InsightFigure = Schemas['InsightFigure'];
/** A column of a chart's table, and a line or bar of its plot when its unit is the chart's. */
export type InsightSeries = Schemas['InsightSeries'];
/** A row of a chart's table (a week, a product, a status): each series' value by its key. */
export type InsightRow = Schemas['InsightRow'];
export type InsightChart = Schemas['InsightChart'];
export type InsightMetric = Schemas['InsightMetric'];
export type InsightInterval = Schemas['Interval'];
/** A metric over a date range, as the server applied the filters. */
export type Insight = Schemas['Insight'];

/** Whose insights: the staff desk's (every lender) or a lender's own. */
export type InsightArea = 'staff' | 'client';

/** The filters of a request, each left out when empty (the server then applies its default). */
export interface InsightQuery {
  from?: string;
  to?: string;
  interval?: InsightInterval;
  clientId?: string;
  productId?: string;
  state?: string;
  firmId?: string;
}

const asNumber = (id: string | undefined) => (id ? Number(id) : undefined);

/** GET /api/{area}/insights/{metric}: a failure is shown on the page (the server's message), not as a notice. */
export const insightQuery = (area: InsightArea, metric: InsightMetric, query: InsightQuery) =>
  queryOptions({
    queryKey: ['insights', area, metric, query] as const,
    queryFn: () => {
      const { from, to, interval, state } = query;
      const [clientId, productId, firmId] = [query.clientId, query.productId, query.firmId].map(asNumber);
      const path = { metric };
      return call(
        area === 'staff'
          ? api.GET('/api/staff/insights/{metric}', { params: { path, query: { from, to, interval, clientId, productId, state, firmId } } })
          : api.GET('/api/client/insights/{metric}', { params: { path, query: { from, to, interval, productId, state } } }),
        { notify: false },
      );
    },
  });
