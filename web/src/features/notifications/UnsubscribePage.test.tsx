import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { csrf, runFakeServer, server } from '../../test/server';
import { MSG_UNSUBSCRIBE_LINK_BROKEN } from './UnsubscribePage';

runFakeServer();

describe('Unsubscribe', () => {
  it('asks first, then stops that event and says so', async () => {
    const sent: unknown[] = [];
    server.use(
      csrf,
      http.post('*/api/notifications/unsubscribe', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'You will no longer get e-mails for: Message from staff.' });
      }),
    );
    renderApp('/unsubscribe?token=abc&event=staffMessage');
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(sent).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByText('You will no longer get e-mails for: Message from staff.')).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'abc', event: 'staffMessage' }]);
  });

  it('shows the server refusal, and an incomplete link plainly', async () => {
    server.use(
      csrf,
      http.post('*/api/notifications/unsubscribe', () => HttpResponse.json({ message: 'This unsubscribe link is not valid.' }, { status: 404 })),
    );
    const { unmount } = renderApp('/unsubscribe?token=old&event=staffMessage');
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    unmount();
    renderApp('/unsubscribe?token=abc');
    expect(await screen.findByText(MSG_UNSUBSCRIBE_LINK_BROKEN)).toBeInTheDocument();
  });
});
