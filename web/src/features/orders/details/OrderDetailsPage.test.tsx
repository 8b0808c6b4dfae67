import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORDER_DETAILS_CARDS } from '../../../test/expected';
import { orderDetailsFixture } from '../../../test/orderDetails';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { actionDialogs } from './actionDialogs';
import type { ActionDialogProps } from './actions/types';
import type { OrderDetails } from './types';

runFakeServer();

const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };
const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };

/** The fixture order as this page's tests know it, with `extra` over it. */
function order(extra: Partial<OrderDetails> = {}): OrderDetails {
  return orderDetailsFixture({
    borrowerName: '',
    propertyAddress: '123 Main St, Austin, TX 78701',
    propertyAddressLine2: null,
    county: 'Travis',
    clientId: null,
    propertyTypeId: null,
    intendedUseId: null,
    propertyType: 'Single Family',
    intendedUse: 'Purchase',
    reportType1: { id: 1, productDescription: '1004 Full Appraisal' },
    reportType2: null,
    orderedBy: 'First Lender',
    notesAndSpecialInstructions: '<p>Call <strong>before</strong> visiting.</p>',
    propertyContact: { id: 1, name: 'Pat Owner', email: 'pat@example.com', cellPhone: '5125550110', workPhone: '5550110', homePhone: '15125550111x12', type: 'PROPERTY_CONTACT' },
    appraiserDueDate: '2999-01-01',
    turnTime: { businessDays: 3, finished: false, paused: true },
    payBy: '2026-12-04',
    inspectionDueDate: '2999-01-01',
    alerts: ['Rush order', 'Gate code 1234'],
    histories: [
      {
        id: 2,
        orderStatus: 11,
        orderStatusDescription: 'Inspection Scheduled',
        orderStatusMessage: '<p>Scheduled for Monday</p>',
        statusDate: '2026-01-04T15:00:00Z',
        hide: false,
      },
      { id: 1, orderStatus: 5, orderStatusDescription: 'Accepted', orderStatusMessage: 'Secret staff note', statusDate: '2026-01-03T15:00:00Z', hide: true },
    ],
    files: [
      {
        id: 31,
        fileName: 'engagement.pdf',
        fileTypeDescription: 'Engagement Letter',
        fileSize: 1536,
        uploadDateTime: '2026-01-03T15:00:00Z',
        uploadedByFirstName: 'Sam',
        uploadedByLastName: 'Staff',
        hide: false,
      },
      {
        id: 30,
        fileName: 'internal.pdf',
        fileTypeDescription: 'Internal',
        fileSize: 10,
        uploadDateTime: '2026-01-02T15:00:00Z',
        uploadedByFirstName: 'Sam',
        uploadedByLastName: 'Staff',
        hide: true,
      },
    ],
    ...extra,
  });
}

interface Calls {
  details: number;
  invited: number;
  read: number;
}

function handlers(answer: () => Response, invited = false) {
  const calls: Calls = { details: 0, invited: 0, read: 0 };
  return {
    calls,
    list: [
      csrf,
      appConfig(),
      http.get('*/api/order-details/:id', () => {
        calls.details += 1;
        return answer();
      }),
      http.get('*/api/order-details/:id/was-invited', () => {
        calls.invited += 1;
        return HttpResponse.json({ wasInvited: invited });
      }),
      http.post('*/api/order-details/:id/messages/read', () => {
        calls.read += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    ],
  };
}

const ok = (o: OrderDetails) => () => HttpResponse.json(o);

describe('Order details: a rejection under way', () => {
  it('lets the rejection lead to the dashboard when the order is gone before its answer', async () => {
    let gone = false;
    let answer: (() => void) | undefined;
    const h = handlers(() => (gone ? HttpResponse.json({ message: 'Forbidden' }, { status: 403 }) : HttpResponse.json(order({ availableActions: ['ACCEPT', 'REJECT'] }))), true);
    const rejected = http.post('*/api/order-details/reject', async () => {
      // The order leaves the appraiser, and a live update reloads it, before the answer arrives.
      gone = true;
      void queryClient.invalidateQueries({ queryKey: ['order-details', 5] });
      await new Promise<void>((resolve) => (answer = resolve));
      return HttpResponse.json({ message: 'Order rejected.' });
    });
    server.use(
      loggedIn(appraiser),
      ...h.list,
      rejected,
      http.post('*/api/dashboard', () => HttpResponse.json({ orders: [], total: 0 })),
    );
    const { router, queryClient } = renderApp('/appraiser/orderdetails/5/reject');
    const dialog = await screen.findByRole('dialog', { name: 'Reject' });
    fireEvent.change(within(dialog).getByLabelText(/Reason for rejection/), { target: { value: 'Too far away.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Order' }));
    await waitFor(() => expect(h.calls.invited).toBe(1));
    await waitFor(() => expect(answer).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).not.toContain('no-longer-available');
    answer!();
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/dashboard'));
  });
});

describe('Order details: loading', () => {
  it.each(['abc', '12x', '-4', '0'])('shows Invalid Order ID for /%s without asking the server', async (bad) => {
    const h = handlers(ok(order()));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp(`/appraiser/orderdetails/${bad}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Order ID' })).toBeInTheDocument();
    expect(h.calls.details).toBe(0);
  });

  it('shows Invalid Order ID when the server rejects the id', async () => {
    const h = handlers(() => HttpResponse.json({ message: 'Invalid order id' }, { status: 400 }));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/99999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Order ID' })).toBeInTheDocument();
  });

  it('shows Order Not Found with Return to Orders', async () => {
    const h = handlers(() => HttpResponse.json({ message: 'Order not found' }, { status: 404 }));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Orders' })).toHaveAttribute('href', '/appraiser/dashboard');
    expect(h.calls.invited).toBe(0);
  });

  it('sends an invited appraiser who lost the order to the no-longer-available page, without the forbidden notice', async () => {
    const h = handlers(() => HttpResponse.json({ message: 'Forbidden' }, { status: 403 }), true);
    server.use(loggedIn(appraiser), ...h.list);
    const { router } = renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 5 is no longer available' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/appraiser/orderdetails/5/no-longer-available');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/appraiser/dashboard');
    expect(h.calls.invited).toBe(1);
    expect(screen.queryByText('You are not authorized to perform this action')).not.toBeInTheDocument();
  });

  it('sends anyone else to /forbidden with the notice', async () => {
    const h = handlers(() => HttpResponse.json({ message: 'Forbidden' }, { status: 403 }), false);
    server.use(loggedIn(appraiser), ...h.list);
    const { router } = renderApp('/appraiser/orderdetails/5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
    expect(await screen.findByText('You are not authorized to perform this action')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(h.calls.invited).toBe(1);
  });

  it('shows a server failure with Try Again', async () => {
    let fail = true;
    const h = handlers(() => (fail ? HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }) : HttpResponse.json(order())));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #26000005' })).toBeInTheDocument();
  });
});

describe('Order details: the page', () => {
  it('shows the header, the cards and no Actions menu when no action is offered', async () => {
    const h = handlers(ok(order()));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #26000005' })).toBeInTheDocument();
    expect(screen.getByText('Order ID: 5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/appraiser/dashboard');
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print Order' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Order Details' })).toHaveAttribute('aria-selected', 'true');

    for (const title of ORDER_DETAILS_CARDS) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByTestId('order-alerts')).toHaveTextContent('Rush order, Gate code 1234');
    expect(screen.getByTestId('order-due-date')).toHaveTextContent('Appraiser Due Date: 01/01/2999');
    expect(screen.getByTestId('order-due-date')).not.toHaveAttribute('data-overdue');
    const financial = screen.getByTestId('card-financial');
    expect(financial).toHaveTextContent('$450.00');
    expect(financial).toHaveTextContent('$4.00');
    expect(financial).toHaveTextContent('$325,000.00');
    expect(screen.getByTestId('card-report-types')).toHaveTextContent('1004 Full Appraisal');
    expect(within(screen.getByTestId('card-dates')).getByText('Turn Time').nextElementSibling).toHaveTextContent('3 business days so far (paused)');
    expect(within(screen.getByTestId('card-dates')).getByText('Pay By').nextElementSibling).toHaveTextContent('12/04/2026');

    const contacts = screen.getByTestId('card-contacts');
    expect(within(contacts).getByText('Property Contact')).toBeInTheDocument();
    expect(within(contacts).getByText('Loan Officer')).toBeInTheDocument();
    expect(within(contacts).getByRole('link', { name: '(512) 555-0110' })).toHaveAttribute('href', 'tel:+15125550110');
    expect(within(contacts).getByRole('link', { name: '555-0110' })).toBeInTheDocument();
    expect(within(contacts).getByRole('link', { name: '+1 (512) 555-0111 x12' })).toBeInTheDocument();
    expect(within(contacts).getByRole('link', { name: '(512) 555-0199' })).toBeInTheDocument();

    expect(screen.getByTestId('order-notes').querySelector('strong')).toHaveTextContent('before');
    expect(screen.getByTestId('third-party-disclaimer')).toHaveTextContent(/third-party source/);
    expect(screen.getByTestId('map-unavailable')).toHaveTextContent('Map unavailable');
    expect(screen.queryByTestId('location-approximate')).not.toBeInTheDocument();
  });

  it('says when the map shows only the ZIP centre', async () => {
    const h = handlers(ok(order({ latitude: 30.27, longitude: -97.74, locationApproximate: true })));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByTestId('location-approximate')).toHaveTextContent('Map position: approximate (ZIP centre)');
  });

  it('shows a past due date in red', async () => {
    const h = handlers(ok(order({ appraiserDueDate: '2020-03-04' })));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/5');
    const banner = await screen.findByTestId('order-due-date');
    expect(banner).toHaveAttribute('data-overdue', 'true');
    expect(banner).toHaveTextContent('03/04/2020');
  });

  it('hides contacts until the appraiser is assigned', async () => {
    const h = handlers(ok(order({ contactsVisible: false, propertyContact: null, otherContacts: [] })));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByText("Contact information will be visible once you're assigned to this order")).toBeInTheDocument();
  });

  it('lists the offered actions with their labels', async () => {
    const h = handlers(ok(order({ availableActions: ['SCHEDULE_INSPECTION', 'AUTO_REPLY_YES', 'AUTO_REPLY_NO', 'MARK_INSPECTED'], wasPreviouslyScheduled: true })));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Reschedule Inspection', 'Order Is On Time', 'Order Is NOT On Time', 'Mark Inspected']);
  });
});

describe('Order details: tabs and the {action} segment', () => {
  it.each([
    ['order-details', 'Order Details'],
    ['histories', 'History & Revisions'],
    ['files', 'Files'],
    ['messages', 'Messages'],
    ['schedule-inspection', 'Order Details'],
    ['no-such-tab', 'Order Details'],
  ])('/%s selects %s', async (slug, tabName) => {
    const h = handlers(ok(order({ availableActions: ['SCHEDULE_INSPECTION'] })));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp(`/appraiser/orderdetails/5/${slug}`);
    expect(await screen.findByRole('tab', { name: tabName })).toHaveAttribute('aria-selected', 'true');
  });

  it('reflects the chosen tab in the URL', async () => {
    const h = handlers(ok(order()));
    server.use(loggedIn(appraiser), ...h.list);
    const { router } = renderApp('/appraiser/orderdetails/5');
    fireEvent.click(await screen.findByRole('tab', { name: 'Files' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/orderdetails/5/files'));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true'));
  });

  it('opens the dialog of an action named in the URL, and only when it is offered', async () => {
    function TestDialog({ action, onClose }: ActionDialogProps) {
      return (
        <div role="dialog" aria-label={`dialog ${action}`}>
          <button type="button" onClick={onClose}>
            close
          </button>
        </div>
      );
    }
    const original = actionDialogs.SEND_MESSAGE;
    actionDialogs.SEND_MESSAGE = TestDialog;
    try {
      const h = handlers(ok(order({ availableActions: ['SEND_MESSAGE'] })));
      server.use(loggedIn(appraiser), ...h.list);
      const { router, unmount } = renderApp('/appraiser/orderdetails/5/send-message');
      expect(await screen.findByRole('dialog', { name: 'dialog SEND_MESSAGE' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Order Details' })).toHaveAttribute('aria-selected', 'true');
      fireEvent.click(screen.getByRole('button', { name: 'close' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/orderdetails/5'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      unmount();

      const h2 = handlers(ok(order({ availableActions: [] })));
      server.use(...h2.list);
      renderApp('/appraiser/orderdetails/5/send-message');
      expect(await screen.findByRole('tab', { name: 'Order Details' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      actionDialogs.SEND_MESSAGE = original;
    }
  });

  it('shows History newest first without hidden entries', async () => {
    const h = handlers(ok(order()));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/5/histories');
    const table = await screen.findByRole('table', { name: 'History & Revisions' });
    expect(within(table).getByText('Scheduled for Monday')).toBeInTheDocument();
    expect(within(table).queryByText('Secret staff note')).not.toBeInTheDocument();
  });

  it('shows files with sizes and named View and Download buttons, never hidden ones', async () => {
    const h = handlers(ok(order()));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/5/files');
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(within(table).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'View engagement.pdf (opens in a new tab)' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Download engagement.pdf' })).toBeInTheDocument();
    expect(within(table).queryByText('internal.pdf')).not.toBeInTheDocument();
  });

  it.each([
    ['histories', { histories: [] }, 'No history records available for this order.'],
    ['files', { files: [] }, 'No files have been uploaded for this order.'],
    ['files', { files: order().files.map((f) => ({ ...f, hide: true })) }, 'No visible files are available for this order.'],
    ['messages', { messages: [] }, 'No messages exist for this order.'],
    [
      'messages',
      {
        messages: [
          {
            id: 1,
            messageTypeDescription: 'Note',
            messageText: 'internal',
            messageFromFirstName: 'Sam',
            messageFromLastName: 'Staff',
            dateCreated: '2026-01-03T15:00:00Z',
            hide: true,
          },
        ],
      },
      'No visible messages are available for this order.',
    ],
  ] as const)('%s shows the empty state %#', async (slug, extra, message) => {
    const h = handlers(ok(order(extra as Partial<OrderDetails>)));
    server.use(loggedIn(appraiser), ...h.list);
    renderApp(`/appraiser/orderdetails/5/${slug}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('marks messages read when the Messages tab opens', async () => {
    const h = handlers(
      ok(
        order({
          messages: [
            {
              id: 1,
              messageTypeDescription: 'Staff Message',
              messageText: 'Please call',
              messageFromFirstName: 'Sam',
              messageFromLastName: 'Staff',
              dateCreated: '2026-01-03T15:00:00Z',
              hide: false,
            },
          ],
        }),
      ),
    );
    server.use(loggedIn(appraiser), ...h.list);
    renderApp('/appraiser/orderdetails/5');
    await screen.findByRole('tab', { name: 'Messages' });
    expect(h.calls.read).toBe(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByText('Please call')).toBeInTheDocument();
    await waitFor(() => expect(h.calls.read).toBe(1));
  });
});

describe('Order details for staff', () => {
  it('lives under /staff with the back button to the staff dashboard', async () => {
    const h = handlers(ok(order()));
    server.use(loggedIn(staff), ...h.list);
    renderApp('/staff/orderdetails/5/files');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #26000005' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/staff/dashboard');
    expect(screen.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');
  });
});
