import { http, HttpResponse } from 'msw';
import type { Insight, InsightChart } from './api';

/** The volume chart of the API's example, with a second week whose Delivered is missing. */
export const volumeChart: InsightChart = {
  key: 'volume',
  title: 'Orders per week',
  kind: 'line',
  unit: 'count',
  category: 'Week of',
  byTime: true,
  series: [
    { key: 'received', label: 'Received', unit: 'count' },
    { key: 'delivered', label: 'Delivered', unit: 'count' },
    { key: 'cancelled', label: 'Cancelled', unit: 'count' },
  ],
  rows: [
    { key: '2026-08-31', label: 'Aug 31, 2026', values: { received: 1203, delivered: 2, cancelled: 0 } },
    { key: '2026-09-07', label: 'Sep 7, 2026', values: { received: 4, delivered: null, cancelled: 1 } },
  ],
};

/** The volume metric as the server applies its default range. */
export const volumeInsight: Insight = {
  metric: 'volume',
  from: '2026-09-01',
  to: '2026-11-27',
  interval: 'week',
  figures: [
    { key: 'received', label: 'Received', value: 41, unit: 'count' },
    { key: 'delivered', label: 'Delivered', value: 37, unit: 'count' },
    { key: 'cancelled', label: 'Cancelled', value: 2, unit: 'count' },
  ],
  charts: [volumeChart],
};

/**
 * GET /api/{area}/insights/{metric} answering `answer` for the metric asked (the volume example by
 * default); `asked` collects each request's URL.
 */
export function insightsHandler(area: 'staff' | 'client', asked: URL[] = [], answer: (metric: string) => Insight = () => volumeInsight) {
  return http.get(`*/api/${area}/insights/:metric`, ({ request, params }) => {
    asked.push(new URL(request.url));
    return HttpResponse.json(answer(String(params.metric)));
  });
}
