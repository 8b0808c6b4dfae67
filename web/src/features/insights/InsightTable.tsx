import { Table } from '@mantine/core';
import type { InsightChart } from './api';
import { formatInsightValue } from './format';

/** Below this width per column the table scrolls sideways inside its card, not the page. */
const COLUMN_MIN_WIDTH = 120;

/** A chart's numbers: a row per category, a column per series (every series, whatever its unit). */
export function InsightTable({ chart }: { chart: InsightChart }) {
  // A table wider than the card scrolls: its viewport takes the keyboard focus so it can be scrolled without a mouse.
  const viewport = { tabIndex: 0, role: 'region', 'aria-label': chart.title };
  return (
    <Table.ScrollContainer minWidth={COLUMN_MIN_WIDTH * (chart.series.length + 1)} scrollAreaProps={{ viewportProps: viewport }}>
      <Table striped>
        <Table.Caption>{chart.title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{chart.category}</Table.Th>
            {chart.series.map((s) => (
              <Table.Th key={s.key} scope="col" ta="right">
                {s.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chart.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={600}>
                {row.label}
              </Table.Th>
              {chart.series.map((s) => (
                <Table.Td key={s.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatInsightValue(row.values[s.key], s.unit)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
