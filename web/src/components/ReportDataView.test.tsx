import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/queryClient';
import { reportDataFixture } from '../test/reportData';
import { ReportDataView } from './ReportDataView';

const show = (view: React.ReactNode) => render(<Providers queryClient={createQueryClient()}>{view}</Providers>);

describe('ReportDataView', () => {
  it('shows the values, the hard stops and the warnings with who acknowledged them', () => {
    show(<ReportDataView data={reportDataFixture()} />);
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Data file')).toHaveTextContent('UAD 3.6: report.zip');
    expect(value('Appraised value')).toHaveTextContent('$650,000.00');
    expect(value('Effective date')).toHaveTextContent('11/20/2026');
    expect(value('Condition / quality')).toHaveTextContent('C6, Q4');
    expect(value('Licence')).toHaveTextContent('TX-1234567, TX, expires 12/31/2027');
    expect(value('Property')).toHaveTextContent('SingleFamily');
    expect(screen.queryByText('Supervisor')).not.toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText("300: The subject property's address is missing.")).toBeInTheDocument();
    expect(screen.getByText(/^FRE4645: The subject is rated C6 or Q6\. Acknowledged by Sam Staff, 11\/21\/2026/)).toBeInTheDocument();
    expect(screen.getByText('LICENSE: The licence differs.')).toBeInTheDocument();
  });

  it('a 2.6 file names its form; no hard stops and no warnings show nothing of them; children stand in for the warnings', () => {
    const { unmount } = show(<ReportDataView data={reportDataFixture({ version: '2.6', form: 'FNM1004', hardStops: [], warnings: [] })} />);
    expect(screen.getByText('Form', { selector: 'dt' }).nextElementSibling).toHaveTextContent('FNM1004');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Warnings')).not.toBeInTheDocument();
    unmount();
    show(
      <ReportDataView data={reportDataFixture()}>
        <button type="button">Acknowledge</button>
      </ReportDataView>,
    );
    expect(screen.getByText('Warnings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument();
    expect(screen.queryByText('LICENSE: The licence differs.')).not.toBeInTheDocument();
  });
});
