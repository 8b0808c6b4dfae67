import { describe, expect, it } from 'vitest';
import type { InsightChart } from './api';
import { plotSeries } from './InsightPlot';
import { volumeChart } from './testInsights';

describe('plotSeries', () => {
  it('draws each line in its own colour and, after the first, its own dashes', () => {
    expect(plotSeries(volumeChart)).toEqual([
      { name: 'received', label: 'Received', color: 'blue.7', strokeDasharray: undefined },
      { name: 'delivered', label: 'Delivered', color: 'orange.8', strokeDasharray: '8 4' },
      { name: 'cancelled', label: 'Cancelled', color: 'teal.8', strokeDasharray: '2 4' },
    ]);
  });

  it("plots only the series in the chart's unit, as bars without dashes", () => {
    const quality: InsightChart = {
      ...volumeChart,
      kind: 'bar',
      unit: 'percent',
      series: [
        { key: 'reports', label: 'Reports', unit: 'count' },
        { key: 'onTime', label: 'On time', unit: 'percent' },
        { key: 'revisions', label: 'Revisions', unit: 'percent' },
      ],
    };
    expect(plotSeries(quality)).toEqual([
      { name: 'onTime', label: 'On time', color: 'blue.7', strokeDasharray: undefined },
      { name: 'revisions', label: 'Revisions', color: 'orange.8', strokeDasharray: undefined },
    ]);
  });
});
