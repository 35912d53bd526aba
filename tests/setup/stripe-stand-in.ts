import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A small local stand-in for the few Stripe API calls the site makes (the Stripe API cannot be reached from the test
 * machines; docs/decisions/042). The site's own code talks to it through the official SDK (STRIPE_API_BASE), and its
 * Checkout page's Pay button sends the signed `checkout.session.completed` webhook as Stripe would.
 */
const STAND_IN_SECRET_KEY = "sk_test_standin";
const STAND_IN_WEBHOOK_SECRET = "whsec_standin";
export const STAND_IN_PRICES = { basic: "price_standin_basic", premium: "price_standin_premium" } as const;

type Params = { [key: string]: string | Params };

type StandInSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  created: number;
  items: {
    object: "list";
    data: { id: string; object: "subscription_item"; price: { id: string }; current_period_end: number }[];
  };
};

type CheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  customer: string;
  client_reference_id: string | null;
  subscription: string | null;
  status: "open" | "complete";
  url: string;
  success_url: string;
  cancel_url: string;
  metadata: Params;
  price: string;
};

export type StripeStandIn = {
  url: string;
  /** The settings that point the site at this stand-in. */
  env: Record<string, string>;
  /** Where the Pay button delivers its webhook; set once the site's address is known. */
  webhookUrl: string | null;
  subscriptions: Map<string, StandInSubscription>;
  createSubscription(customer: string, price: string): StandInSubscription;
  /** An event signed as Stripe signs it, ready to post to the webhook. */
  signedEvent(type: string, object: unknown, options?: { id?: string; created?: number }): SignedEvent;
  sendEvent(type: string, object: unknown): Promise<Response>;
  close(): Promise<void>;
};

type SignedEvent = { id: string; body: string; signature: string };

const PERIOD_SECONDS = 30 * 24 * 3600;
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const signer = new Stripe(STAND_IN_SECRET_KEY);

/** Stripe's form encoding: `items[0][price]=x` becomes `{ items: { 0: { price: "x" } } }`. */
function parseForm(body: string): Params {
  const result: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node = result;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Params;
      }
    }
  }
  return result;
}

const text = (value: string | Params | undefined) => (typeof value === "string" ? value : undefined);
const nested = (value: string | Params | undefined): Params => (typeof value === "object" ? value : {});

export async function startStripeStandIn(options: { port?: number } = {}): Promise<StripeStandIn> {
  const subscriptions = new Map<string, StandInSubscription>();
  const sessions = new Map<string, CheckoutSession>();
  let base = "";

  const standIn: StripeStandIn = {
    url: "",
    env: {},
    webhookUrl: null,
    subscriptions,
    createSubscription(customer, price) {
      const created = now();
      const subscription: StandInSubscription = {
        id: newId("sub"),
        object: "subscription",
        customer,
        status: "active",
        cancel_at_period_end: false,
        created,
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              price: { id: price },
              current_period_end: created + PERIOD_SECONDS,
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },
    signedEvent(type, object, { id = newId("evt"), created = now() } = {}) {
      const body = JSON.stringify({
        id,
        object: "event",
        type,
        created,
        livemode: false,
        api_version: "2025-10-29.clover",
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: STAND_IN_WEBHOOK_SECRET });
      return { id, body, signature };
    },
    async sendEvent(type, object) {
      if (!standIn.webhookUrl) throw new Error("the stand-in does not know the site's webhook address yet");
      const event = standIn.signedEvent(type, object);
      return fetch(standIn.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.body,
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = parseForm(Buffer.concat(chunks).toString("utf8"));
    const path = new URL(req.url ?? "/", base).pathname;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const html = (body: string) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><head><title>Stand-in Stripe</title></head><body>${body}</body></html>`);
    };
    const missing = () => json(404, { error: { type: "invalid_request_error", message: `No such object: ${path}` } });

    if (req.method === "POST" && path === "/v1/customers") {
      return json(200, { id: newId("cus"), object: "customer", email: text(params.email) ?? null });
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs");
      const session: CheckoutSession = {
        id,
        object: "checkout.session",
        mode: text(params.mode) ?? "payment",
        customer: text(params.customer) ?? newId("cus"),
        client_reference_id: text(params.client_reference_id) ?? null,
        subscription: null,
        status: "open",
        url: `${base}/checkout/${id}`,
        success_url: text(params.success_url) ?? base,
        cancel_url: text(params.cancel_url) ?? base,
        metadata: nested(params.metadata),
        price: text(nested(nested(params.line_items)[0]).price) ?? "",
      };
      sessions.set(id, session);
      return json(200, session);
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      const returnUrl = text(params.return_url) ?? base;
      return json(200, {
        id: newId("bps"),
        object: "billing_portal.session",
        customer: text(params.customer),
        url: `${base}/portal?return=${encodeURIComponent(returnUrl)}`,
      });
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = subscriptions.get(subscriptionPath[1] ?? "");
      if (!subscription) return missing();
      if (req.method === "POST") {
        const cancel = text(params.cancel_at_period_end);
        if (cancel) subscription.cancel_at_period_end = cancel === "true";
        const price = text(nested(nested(params.items)[0]).price);
        const item = subscription.items.data[0];
        if (price && item) item.price = { id: price };
      }
      if (req.method === "DELETE") subscription.status = "canceled";
      return json(200, subscription);
    }

    const checkoutPage = /^\/checkout\/(\w+)(\/pay)?$/.exec(path);
    const session = checkoutPage ? sessions.get(checkoutPage[1] ?? "") : undefined;
    if (checkoutPage && session && req.method === "GET") {
      return html(
        `<main><h1>Stand-in Checkout</h1><p>Subscribe with ${session.price}</p>` +
          `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form></main>`,
      );
    }
    if (checkoutPage?.[2] && session && req.method === "POST") {
      const subscription = standIn.createSubscription(session.customer, session.price);
      session.subscription = subscription.id;
      session.status = "complete";
      const delivered = await standIn.sendEvent("checkout.session.completed", session);
      if (!delivered.ok) return json(502, { error: { message: `the webhook answered ${delivered.status}` } });
      res.writeHead(303, { location: session.success_url });
      return res.end();
    }
    if (path === "/portal" && req.method === "GET") {
      const back = new URL(req.url ?? "/", base).searchParams.get("return") ?? "/";
      return html(`<main><h1>Stand-in billing portal</h1><a href="${back}">Return to the site</a></main>`);
    }
    return missing();
  }

  const server = http.createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = base;
  standIn.env = {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_PRICE_BASIC: STAND_IN_PRICES.basic,
    STRIPE_PRICE_PREMIUM: STAND_IN_PRICES.premium,
    STRIPE_API_BASE: base,
  };
  return standIn;
}
