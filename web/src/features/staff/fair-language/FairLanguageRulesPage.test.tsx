import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fillIn, submitAndWaitClosed } from '../../../test/forms';
import { expectCardsOnPhone } from '../../../test/media';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import type { FairLanguageRule } from './api';

runFakeServer();

const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };

const rule = (id: string, extra: Partial<FairLanguageRule> = {}): FairLanguageRule => ({
  id,
  label: 'Pride of ownership (or its lack)',
  pattern: '\\bpride (of|in) ownership\\b',
  severity: 'block',
  source: 'https://selling-guide.fanniemae.com/b4-1.1-04',
  active: true,
  version: 1,
  lexiconVersion: 1,
  updatedAt: '2026-11-20T15:00:00Z',
  ...extra,
});

/** The lexicon at version 4; POST and PUT are recorded and answered like the server (a bad pattern is a 422 naming the field). */
function rulesServer() {
  let version = 4;
  const rules = [
    rule('pride_of_ownership'),
    rule('school_district', { label: 'School district: factual, or a proxy?', pattern: '\\bschool districts?\\b', severity: 'warn', source: 'javascript:alert(1)', version: 2 }),
  ];
  const sent: { method: string; body: Record<string, unknown> }[] = [];
  const save = async (request: Request) => {
    const body = (await request.json()) as FairLanguageRule;
    sent.push({ method: request.method, body: body as unknown as Record<string, unknown> });
    if (body.pattern.startsWith('('))
      return HttpResponse.json({ message: 'Pattern is not valid: unclosed group.', fields: { pattern: 'Pattern is not valid: unclosed group.' } }, { status: 422 });
    version += 1;
    const at = rules.findIndex((r) => r.id === body.id);
    if (at < 0) rules.push(rule(body.id, { ...body, lexiconVersion: version }));
    else rules[at] = { ...rules[at]!, ...body, version: rules[at]!.version + 1, lexiconVersion: version };
    return HttpResponse.json({ version, rules });
  };
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/fair-language/rules', () => HttpResponse.json({ version, rules })),
    http.post('*/api/staff/fair-language/rules', ({ request }) => save(request)),
    http.put('*/api/staff/fair-language/rules', ({ request }) => save(request)),
  );
  return sent;
}

const row = async (id: string) => (await screen.findByText(id, { selector: 'td' })).closest('tr')!;
const cells = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Fair Language Rules', () => {
  it('opens from the staff menu, after Products, with the lexicon version and every rule', async () => {
    rulesServer();
    const { router } = renderApp('/staff/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const labels = (await within(nav).findAllByRole('link')).map((l) => l.textContent);
    expect(labels.slice(-2)).toEqual(['Products', 'Fair Language Rules']);
    fireEvent.click(within(nav).getByRole('link', { name: 'Fair Language Rules' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fair Language Rules' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/fair-language');
    expect(await screen.findByText('Lexicon version: 4')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Fair Language Rules' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Id', 'Label', 'Pattern', 'Severity', 'Source', 'Active', 'Version', 'Actions']);
    expect(cells(await row('pride_of_ownership')).slice(0, 7)).toEqual([
      'pride_of_ownership',
      'Pride of ownership (or its lack)',
      '\\bpride (of|in) ownership\\b',
      'Block',
      'selling-guide.fanniemae.com (opens in a new tab)',
      'Yes',
      '1',
    ]);
    expect(within(await row('pride_of_ownership')).getByRole('link', { name: /^selling-guide/ })).toHaveAttribute('href', 'https://selling-guide.fanniemae.com/b4-1.1-04');
    const school = await row('school_district');
    expect(within(school).queryByRole('link')).not.toBeInTheDocument();
    expect(cells(school)[3]).toBe('Warning');
  });

  it('Add rule checks the fields, shows a refusal under its field, then adds and refreshes', async () => {
    const sent = rulesServer();
    renderApp('/staff/fair-language');
    await row('pride_of_ownership');
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rule' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    for (const message of ['Rule id is required.', 'Label is required.', 'Pattern is required.', 'Severity is required.', 'Source is required.']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(sent).toEqual([]);

    const fill = fillIn(dialog);
    fill(/^Rule id/, 'crime');
    fill(/^Label/, 'Refers to crime');
    fill(/^Pattern/, '(crime');
    fill(/^Severity/, 'block');
    fill(/^Source/, 'https://example.com/guide');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Pattern/)).toHaveAccessibleDescription(/Pattern is not valid: unclosed group\./));

    fill(/^Pattern/, '\\bcrimes?\\b');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Active/ }));
    await submitAndWaitClosed(dialog, 'Add Rule', 'Add Rule');
    expect(await screen.findByText('Rule crime was added.')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      method: 'POST',
      body: { id: 'crime', label: 'Refers to crime', pattern: '\\bcrimes?\\b', severity: 'block', source: 'https://example.com/guide', active: false },
    });
    expect(cells(await row('crime'))[5]).toBe('No');
    expect(await screen.findByText('Lexicon version: 5')).toBeInTheDocument();
  });

  it('Edit shows the rule with its id fixed and sends the change', async () => {
    const sent = rulesServer();
    renderApp('/staff/fair-language');
    fireEvent.click(within(await row('school_district')).getByRole('button', { name: 'Edit school_district' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rule' });
    expect(within(dialog).getByLabelText(/^Rule id/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Rule id/)).toHaveValue('school_district');
    expect(within(dialog).getByLabelText(/^Severity/)).toHaveValue('warn');
    fillIn(dialog)(/^Source/, 'https://sf.freddiemac.com/ucdp');
    await submitAndWaitClosed(dialog, 'Save Rule', 'Edit Rule');
    expect(sent).toEqual([
      {
        method: 'PUT',
        body: {
          id: 'school_district',
          label: 'School district: factual, or a proxy?',
          pattern: '\\bschool districts?\\b',
          severity: 'warn',
          source: 'https://sf.freddiemac.com/ucdp',
          active: true,
        },
      },
    ]);
    expect(await screen.findByText('Rule school_district was saved.')).toBeInTheDocument();
    expect(cells(await row('school_district'))[6]).toBe('3');
  });

  it('shows a card per rule on a phone-sized screen', async () => {
    rulesServer();
    await expectCardsOnPhone('Fair Language Rules', 'pride_of_ownership', 'Edit pride_of_ownership', () => renderApp('/staff/fair-language'));
  });
});
