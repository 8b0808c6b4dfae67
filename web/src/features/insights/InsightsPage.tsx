import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { SimpleGrid, Skeleton, Stack, Tabs, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/LoadStates';
import { StatGrid } from '../../components/StatGrid';
import { insightQuery, type Insight, type InsightArea, type InsightFigure, type InsightMetric } from './api';
import { InsightChartCard } from './InsightChartCard';
import { InsightFilters } from './InsightFilters';
import { CHART_HEIGHT } from './InsightPlot';
import { formatInsightValue } from './format';
import { useClientSeat } from '../../lib/clientSeat';
import { tabsFor, readView, viewParams, type InsightView } from './view';

/** The metrics read as of now: no date range applies to them. */
const AS_OF_NOW: readonly InsightMetric[] = ['pipeline', 'receivables'];

/**
 * Insights (the staff desk's and a lender's): a tab per metric, its filters, its headline figures
 * and its charts. The tab and every filter live in the URL, so a link gives the same view.
 */
export function InsightsPage({ area }: { area: InsightArea }) {
  const [params, setParams] = useSearchParams();
  const { data: seat } = useClientSeat();
  const tabs = tabsFor(area, seat?.administers ?? false);
  const view = useMemo(() => readView(params, area, tabs), [params, area, tabs]);
  const insight = useQuery(insightQuery(area, view.metric, view.query));
  const show = (next: InsightView) => setParams(viewParams(next), { replace: true });
  return (
    <Stack gap="md">
      <Title order={1}>Insights</Title>
      <Tabs value={view.metric} onChange={(metric) => metric && show({ ...view, metric: metric as InsightMetric })}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.metric} value={t.metric}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.metric} value={t.metric} pt="md">
            {t.metric === view.metric ? (
              <Stack gap="md">
                <InsightFilters area={area} query={view.query} applied={insight.data} onChange={(query) => show({ ...view, query })} dated={!AS_OF_NOW.includes(view.metric)} />
                <MetricBody insight={insight} />
              </Stack>
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** The staff desk's insights, over every lender (/staff/insights). */
export function StaffInsightsPage() {
  return <InsightsPage area="staff" />;
}

/** A lender's insights, over its own orders and invoices (/client/insights). */
export function ClientInsightsPage() {
  return <InsightsPage area="client" />;
}

/** A metric's figures and charts; skeletons while they load, the server's words when it refused. */
function MetricBody({ insight }: { insight: UseQueryResult<Insight> }) {
  if (insight.isPending) return <MetricSkeleton />;
  if (insight.isError) return <LoadFailed error={insight.error} onRetry={() => void insight.refetch()} retrying={insight.isFetching} />;
  const { charts, figures } = insight.data;
  return (
    <>
      {figures.length ? <Figures figures={figures} /> : null}
      <SimpleGrid cols={{ base: 1, lg: charts.length > 1 ? 2 : 1 }} spacing="md">
        {charts.map((chart) => (
          <InsightChartCard key={chart.key} chart={chart} insight={insight.data} />
        ))}
      </SimpleGrid>
    </>
  );
}

/** The headline figures: a row of cards, one a row on a phone. */
function Figures({ figures }: { figures: InsightFigure[] }) {
  return <StatGrid phoneCols={1} desktopCols={Math.min(figures.length, 4)} stats={figures.map((f) => ({ label: f.label, value: formatInsightValue(f.value, f.unit) }))} />;
}

function MetricSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">Loading the insights</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={64} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {[1, 2].map((i) => (
          <Skeleton key={i} h={CHART_HEIGHT + 64} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
