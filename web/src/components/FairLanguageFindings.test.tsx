import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/queryClient';
import { FINDINGS, findingFixture } from '../test/fairLanguage';
import { bySeverity, FairLanguageFindings } from './FairLanguageFindings';

const show = (view: React.ReactNode) => render(<Providers queryClient={createQueryClient()}>{view}</Providers>);
const items = () => within(screen.getByRole('list', { name: 'Fair-language findings' })).getAllByRole('listitem');

describe('FairLanguageFindings', () => {
  it('lists the most serious first, each with its badge, label, words found, place and source', () => {
    show(<FairLanguageFindings findings={FINDINGS} timeZone="America/Chicago" />);
    const [block, warn, info] = items();
    expect(items().map((i) => within(i).getAllByText(/^(Block|Warning|Info)$/)[0]!.textContent)).toEqual(['Block', 'Warning', 'Info']);
    expect(within(block!).getByText('Pride of ownership (or its lack)')).toBeInTheDocument();
    expect(within(block!).getByText('Homes show pride of ownership.')).toBeInTheDocument();
    expect(within(block!).getByText('Data file: NEIGHBORHOOD/NeighborhoodDescription')).toBeInTheDocument();
    const source = within(block!).getByRole('link', { name: /^Source/ });
    expect(source).toHaveAttribute('href', 'https://selling-guide.fanniemae.com/b4-1.1-04');
    expect(source).toHaveAttribute('target', '_blank');
    expect(within(block!).queryByText(/^Disposition/)).not.toBeInTheDocument();
    expect(warn).toHaveTextContent('Disposition: Factual (Sam Staff, 11/21/2026, 9:00 AM). Note: Names the building next door.');
    expect(within(info!).getByText('Comparable 2 is on Church St.')).toBeInTheDocument();
  });

  it('links only an http(s) source, and adds the given button to each finding', () => {
    show(<FairLanguageFindings findings={[findingFixture({ source: 'javascript:alert(1)' })]} action={(f) => <button type="button">{`Act on ${f.id}`}</button>} />);
    const [only] = items();
    expect(within(only!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(only!).getByText('Source: javascript:alert(1)')).toBeInTheDocument();
    expect(within(only!).getByRole('button', { name: 'Act on 1' })).toBeInTheDocument();
  });

  it('bySeverity keeps the order within a severity and puts an unknown one last', () => {
    const list = [findingFixture({ id: 1, severity: 'odd' }), findingFixture({ id: 2 }), findingFixture({ id: 3, severity: 'block' }), findingFixture({ id: 4 })];
    expect(bySeverity(list).map((f) => f.id)).toEqual([3, 2, 4, 1]);
  });
});
