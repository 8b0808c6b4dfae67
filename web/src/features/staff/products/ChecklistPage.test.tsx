import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, server, runFakeServer } from '../../../test/server';
import type { Checklist } from './api';
import { MSG_CHECKLIST_SAVED, MSG_EMPTY_HINT, MSG_USES_DEFAULT } from './ChecklistPage';
import { staff } from '../../../test/users';

runFakeServer();

const own: Checklist = {
  productId: 3,
  product: '1004 Full Appraisal',
  usesDefault: false,
  items: [
    { id: 11, text: 'Comparables within a mile' },
    { id: 12, text: 'Photos of every room' },
    { id: 13, text: 'Licence current' },
  ],
};

/** A fake server for product 3's list; `refuse` answers the PUT instead of saving. */
function withChecklist(list: Checklist, refuse?: Response) {
  const sent: unknown[] = [];
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/products', () => HttpResponse.json([])),
    http.get('*/api/staff/products/3/checklist', () => HttpResponse.json(list)),
    http.put('*/api/staff/products/3/checklist', async ({ request }) => {
      const body = (await request.json()) as { items: { id?: number; text: string }[] };
      sent.push(body);
      return refuse ?? HttpResponse.json({ ...list, usesDefault: body.items.length === 0, items: body.items.map((it, i) => ({ id: it.id ?? 90 + i, text: it.text })) });
    }),
  );
  return { sent, ...renderApp('/staff/products/3/checklist') };
}

const values = () => [...screen.getByLabelText('Checklist items').querySelectorAll('textarea')].map((t) => t.value);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Checklist' }));

describe('Checklist page', () => {
  it('moves, removes and adds items, then saves the list in order: kept items with their id', async () => {
    const { sent, router } = withChecklist(own);
    expect(await screen.findByRole('heading', { level: 1, name: 'Checklist: 1004 Full Appraisal' })).toBeInTheDocument();
    expect(screen.getByLabelText('Item 1')).toHaveValue('Comparables within a mile');
    expect(screen.getByText(MSG_EMPTY_HINT)).toBeInTheDocument();
    expect(screen.queryByText(MSG_USES_DEFAULT)).not.toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Move item 3 up'));
    expect(values()).toEqual(['Comparables within a mile', 'Licence current', 'Photos of every room']);
    expect(screen.getByLabelText('Move item 2 up')).toHaveFocus();
    fireEvent.click(screen.getByLabelText('Move item 1 up'));
    expect(values()[0]).toBe('Comparables within a mile');
    fireEvent.click(screen.getByLabelText('Remove item 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getByLabelText('Item 3')).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Item 3'), { target: { value: 'Flood zone noted' } });
    save();

    expect(await screen.findByText(MSG_CHECKLIST_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        items: [{ id: 13, text: 'Licence current' }, { id: 12, text: 'Photos of every room' }, { text: 'Flood zone noted' }],
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/products'));
  });

  it('a product on the default list says so, and saving copies the items as its own (without ids)', async () => {
    const { sent } = withChecklist({ ...own, usesDefault: true, items: [{ id: 1, text: 'Default item' }] });
    expect(await screen.findByText(MSG_USES_DEFAULT)).toBeInTheDocument();
    save();
    await waitFor(() => expect(sent).toEqual([{ items: [{ text: 'Default item' }] }]));
  });

  it('an empty list is sent as such (back to the default list)', async () => {
    const { sent } = withChecklist({ ...own, items: [{ id: 11, text: 'Only item' }] });
    fireEvent.click(await screen.findByLabelText('Remove item 1'));
    expect(values()).toEqual([]);
    save();
    await waitFor(() => expect(sent).toEqual([{ items: [] }]));
  });

  it('names a blank item before sending, and puts the server’s refusal under its item', async () => {
    const fields = { 'items[0].text': 'Item 1 repeats an item of the list.' };
    const refusal = HttpResponse.json({ message: 'Item 1 repeats an item of the list.', fields }, { status: 422 });
    const { sent } = withChecklist(own, refusal);
    fireEvent.change(await screen.findByLabelText('Item 2'), { target: { value: '  ' } });
    save();
    expect(await screen.findByText('Item 2 is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Item 2')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Item 2'), { target: { value: 'Photos' } });
    expect(screen.queryByText('Item 2 is required.')).not.toBeInTheDocument();
    save();
    expect(await screen.findByText('Item 1 repeats an item of the list.')).toBeInTheDocument();
    expect(screen.getByLabelText('Item 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked in red.');
    expect(sent).toHaveLength(1);
  });

  it('an item’s message moves with it, and goes with it when it is removed', async () => {
    const { sent } = withChecklist(own);
    fireEvent.change(await screen.findByLabelText('Item 3'), { target: { value: '' } });
    save();
    expect(await screen.findByText('Item 3 is required.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Move item 3 up'));
    expect(screen.getByLabelText('Item 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Item 3')).not.toHaveAttribute('aria-invalid');
    fireEvent.click(screen.getByLabelText('Remove item 2'));
    expect(screen.queryByText('Item 3 is required.')).not.toBeInTheDocument();
    expect(values()).toEqual(['Comparables within a mile', 'Photos of every room']);
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('shows why the list could not be loaded, with a way back', async () => {
    server.use(
      loggedIn(staff),
      appConfig(),
      http.get('*/api/staff/products/3/checklist', () => HttpResponse.json({ message: 'The product could not be found.' }, { status: 404 })),
    );
    renderApp('/staff/products/3/checklist');
    expect(await screen.findByRole('alert')).toHaveTextContent('The product could not be found.');
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/staff/products');
  });
});
