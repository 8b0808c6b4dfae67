import { queryOptions } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import { api, call } from '../../lib/api';

/*
 * The insights calls (server `insights`), typed by hand until the generated OpenAPI types
 * (lib/api-schema.d.ts) have them: then these types give way to `Schemas['Insight']` and the rest.
 */

/** How a number reads: a count, business or calendar days, a percentage, or money in whole cents. */
export type InsightUnit = 'count' | 'businessDays' | 'days' | 'percent' | 'cents';

/** A headline figure of a metric (e.g. Received: 41). */
export interface InsightFigure {
  key: string;
  label: string;
  value: number | null;
  unit: InsightUnit;
}

/** A column of a chart's table, and a line or bar of its plot when its unit is the chart's. */
export interface InsightSeries {
  key: string;
  label: string;
  unit: InsightUnit;
}

/** A row of a chart's table (a week, a product, a status): each series' value by its key. */
export interface InsightRow {
  key: string;
  label: string;
  values: Record<string, number | null>;
}

export interface InsightChart {
  /** e.g. "volume", "byProduct" */
  key: string;
  /** e.g. "Orders per week" */
  title: string;
  kind: 'line' | 'bar' | 'stacked';
  /** The unit plotted. */
  unit: InsightUnit;
  /** The table's first column header, e.g. "Week of", "Product", "Status". */
  category: string;
  series: InsightSeries[];
  /** In display order. */
  rows: InsightRow[];
  emptyText?: string | null;
}

export type InsightMetric = 'volume' | 'pipeline' | 'turn-time' | 'quality' | 'revenue' | 'receivables' | 'appraiser-pay';
export type InsightInterval = 'day' | 'week' | 'month';

/** A metric over a date range, as the server applied the filters. */
export interface Insight {
  metric: InsightMetric;
  /** YYYY-MM-DD, inclusive, as applied. */
  from: string;
  to: string;
  interval: InsightInterval;
  figures: InsightFigure[];
  charts: InsightChart[];
}

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

type InsightOperation<Query> = {
  parameters: { path: { metric: InsightMetric }; query?: Query };
  responses: {
    200: { content: { 'application/json': Insight } };
    404: { content: { 'application/json': { message: string } } };
    422: { content: { 'application/json': { message: string } } };
  };
};

interface InsightPaths {
  '/api/staff/insights/{metric}': { get: InsightOperation<InsightQuery> };
  '/api/client/insights/{metric}': { get: InsightOperation<Omit<InsightQuery, 'clientId' | 'firmId'>> };
}

/** The app's API client, seen with the insights paths (the same client: its session, CSRF and base URL). */
const insightsApi = api as unknown as Client<InsightPaths>;

/** GET /api/{area}/insights/{metric}: a failure is shown on the page (the server's message), not as a notice. */
export const insightQuery = (area: InsightArea, metric: InsightMetric, query: InsightQuery) =>
  queryOptions({
    queryKey: ['insights', area, metric, query] as const,
    queryFn: () => {
      const params = { params: { path: { metric }, query } };
      return call(area === 'staff' ? insightsApi.GET('/api/staff/insights/{metric}', params) : insightsApi.GET('/api/client/insights/{metric}', params), { notify: false });
    },
  });
