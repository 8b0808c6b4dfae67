import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { openDialog, submit } from './helpers';

/*
 * A lender's webhooks in the browser tests: this process's own Standard Webhooks receiver on
 * 127.0.0.1, verifying every message with the `standardwebhooks` library and the secret the client
 * area shows once, and the client area's way to point an endpoint at it.
 */

export interface Received {
  id: string;
  type: string;
  orderId: number | null;
  status: string | null;
  /** A reconsideration's outcome (`rov.resolved`), else null. */
  outcome: string | null;
  /** Why standardwebhooks' verify refused it, or null when it verified. */
  refused: string | null;
}

interface EventData {
  orderId?: number;
  status?: string;
  outcome?: string | null;
}

/** A Standard Webhooks receiver on a free 127.0.0.1 port; it verifies with `secret` once that is set. */
export class Receiver {
  readonly received: Received[] = [];
  secret: string | null = null;
  private constructor(private readonly server: Server) {}

  static async start(): Promise<Receiver> {
    let receiver: Receiver | undefined = undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const ok = receiver!.take(Buffer.concat(chunks).toString('utf8'), req.headers);
        res.writeHead(ok ? 204 : 400).end();
      });
    });
    receiver = new Receiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/appraisal`;
  }

  private take(body: string, headers: IncomingHttpHeaders): boolean {
    const header = (name: string) => String(headers[name] ?? '');
    let refused: string | null = null;
    let event: { type?: string; data?: EventData } = {};
    try {
      if (!this.secret) throw new Error('no secret yet');
      event = new Webhook(this.secret).verify(body, {
        'webhook-id': header('webhook-id'),
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
      }) as typeof event;
    } catch (e) {
      refused = e instanceof Error ? e.message : String(e);
      try {
        event = JSON.parse(body) as typeof event;
      } catch {
        /* kept as refused */
      }
    }
    const data = event.data ?? {};
    this.received.push({ id: header('webhook-id'), type: event.type ?? '?', orderId: data.orderId ?? null, status: data.status ?? null, outcome: data.outcome ?? null, refused });
    return refused === null;
  }

  /**
   * Waits (up to 15 s) until a message of `type` for `orderId` has arrived; every one of that order
   * must verify. Returns that message (the first of its type) for its status and outcome.
   */
  async expectEvent(type: string, orderId: number, status?: string): Promise<Received> {
    await expect
      .poll(() => this.received.filter((m) => m.orderId === orderId).map((m) => m.type), { message: `${type} for order ${orderId} at the receiver`, timeout: 15_000 })
      .toContain(type);
    const ofOrder = this.received.filter((m) => m.orderId === orderId);
    expect(
      ofOrder.filter((m) => m.refused !== null),
      'every message verifies',
    ).toEqual([]);
    const message = ofOrder.find((m) => m.type === type)!;
    if (status !== undefined) expect(message.status).toBe(status);
    return message;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The client signed in on `client` adds an endpoint for every event type at `receiver` on API &
 * Webhooks (each dialog checked with axe), and hands the receiver the secret shown once. Returns the
 * endpoint's row.
 */
export async function addEndpoint(client: Page, receiver: Receiver): Promise<Locator> {
  await client.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'API & Webhooks', exact: true }).click();
  await expect(client.getByRole('heading', { level: 1, name: 'API & Webhooks' })).toBeVisible();
  await client.getByRole('button', { name: 'Add Endpoint' }).click();
  const add = await openDialog(client, 'Add Webhook Endpoint');
  await add.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
  await submit(add, 'Add Endpoint');
  const shown = await openDialog(client, "Your Endpoint's Signing Secret");
  const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  receiver.secret = secret;
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  const endpoint = client.locator('[data-endpoint-id]').filter({ hasText: receiver.url });
  await expect(endpoint.getByText('All event types')).toBeVisible();
  return endpoint;
}
