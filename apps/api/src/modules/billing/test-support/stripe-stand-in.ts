import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;

/**
 * A local stand-in for the part of Stripe's API billing calls (customers, prices by lookup key,
 * subscriptions), answering as Stripe does for API 2026-10-28: the subscription's first invoice
 * carries `confirmation_secret`, periods sit on the subscription items. It honours Idempotency-Key
 * the way Stripe does (same key, same answer) and records every request for the tests to read.
 */
export async function startStripeStandIn() {
  const requests: StandInRequest[] = [];
  const answered = new Map<string, unknown>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  let creations = 0;

  function subscriptionObject(customer: string, price: string) {
    const now = Math.floor(Date.now() / 1000);
    const id = rid('sub');
    const invoiceId = rid('in');
    const sub = {
      id,
      object: 'subscription',
      customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      created: now,
      items: {
        object: 'list',
        data: [
          {
            id: rid('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price', unit_amount: 2990, currency: 'brl' },
            current_period_start: now,
            current_period_end: now + 30 * 86400,
          },
        ],
      },
      latest_invoice: invoiceId,
    };
    subscriptions.set(id, sub);
    return {
      ...sub,
      latest_invoice: {
        id: invoiceId,
        object: 'invoice',
        customer,
        amount_due: 2990,
        amount_paid: 0,
        currency: 'brl',
        status: 'open',
        confirmation_secret: {
          client_secret: `${rid('pi')}_secret_${crypto.randomBytes(8).toString('hex')}`,
          type: 'payment_intent',
        },
      },
    };
  }

  function answer(request: StandInRequest): [number, unknown] {
    const { method, path, form } = request;
    if (method === 'POST' && path === '/v1/customers')
      return [
        200,
        { id: rid('cus'), object: 'customer', email: form.get('email'), name: form.get('name') },
      ];
    if (method === 'GET' && path.startsWith('/v1/prices'))
      return [200, { object: 'list', data: [{ id: 'price_pro_lookup', object: 'price' }] }];
    if (method === 'POST' && path === '/v1/subscriptions') {
      creations++;
      return [200, subscriptionObject(form.get('customer')!, form.get('items[0][price]')!)];
    }
    const update = /^\/v1\/subscriptions\/([^/?]+)$/.exec(path);
    if (method === 'POST' && update) {
      const sub = subscriptions.get(update[1]!);
      if (!sub)
        return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      if (form.has('cancel_at_period_end'))
        sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      return [200, sub];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unknown ${method} ${path}` } },
    ];
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        form: new URLSearchParams(req.method === 'GET' ? url.search : body),
      };
      requests.push(request);
      const key = req.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' ? `${request.method} ${request.path} ${key}` : null;
      let result = cacheKey ? (answered.get(cacheKey) as [number, unknown] | undefined) : undefined;
      if (!result) {
        result = answer(request);
        if (cacheKey) answered.set(cacheKey, result);
      }
      res.writeHead(result[0], { 'content-type': 'application/json', 'request-id': rid('req') });
      res.end(JSON.stringify(result[1]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** How many subscriptions were really created (idempotent replays not counted). */
    creations: () => creations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
