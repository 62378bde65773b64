import type {
  BillingStatus,
  CustomerBody,
  DemoConfirmBody,
  PaymentConfig,
  SubscriptionBody,
  SubscriptionResponse,
} from '@normas/contracts/billing';
import { PLANS } from '@normas/contracts/billing';
import { PRO_PRICE_BRL, planOf, type PlanId } from '@normas/contracts/plans';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingCustomers, billingEvents, payments, subscriptions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { planQuota, type PlanQuota } from './plan-period';
import { demoCardOutcome, type DemoProvider } from './providers/demo.provider';
import type {
  BillingEvent,
  InvoiceSnapshot,
  PaymentProviderPort,
  SubscriptionSnapshot,
} from './providers/provider';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SubscriptionRow = typeof subscriptions.$inferSelect;
type Status = SubscriptionRow['status'];

/** The user as the request knows it (a row of `users`). */
export interface BillingUser {
  id: string;
  email: string;
  plan: string | null | undefined;
}

export interface BillingServiceDeps {
  db: Db;
  provider: PaymentProviderPort | DemoProvider;
  /** How long a request waits for a parallel request that is creating the same subscription. */
  pendingWaitMs?: number;
}

/** Statuses that hold the one open subscription a user may have. */
const OPEN: Status[] = ['pending', 'incomplete', 'active', 'past_due'];
/** Statuses that keep Pro, once an invoice was paid (past due: during the provider's retries). */
const ENTITLED: Status[] = ['active', 'past_due'];
const TERMINAL: Status[] = ['canceled', 'incomplete_expired'];

/** A `pending` row older than this was left by a process that stopped while calling the provider. */
const STALE_PENDING_MS = 2 * 60_000;

const toDate = (s: number | null) => (s === null ? null : new Date(s * 1000));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mapStatus(status: SubscriptionSnapshot['status']): Exclude<Status, 'pending'> {
  if (status === 'trialing') return 'active';
  if (status === 'paused') return 'unpaid';
  return status;
}

/**
 * The billing module: plans, the payment provider's customers and subscriptions, the event state
 * machine that turns paid invoices into Pro (and deletions back into Free), payments, and the
 * question quota of each plan. Other modules ask it two things:
 *
 * - `effectivePlan(userId)`: the plan whose rights the user has now.
 * - `quotaFor(user, now)`: how many questions the user may ask in which period (Pro's month follows
 *   the subscription's billing period).
 */
export function createBillingService(deps: BillingServiceDeps) {
  const { db, provider } = deps;
  const pendingWaitMs = deps.pendingWaitMs ?? 10_000;

  async function ownCustomer(userId: string) {
    const [row] = await db
      .select()
      .from(billingCustomers)
      .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider.kind)))
      .limit(1);
    return row;
  }

  async function openSubscription(userId: string, q: Db | Tx = db) {
    const [row] = await q
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, OPEN)))
      .limit(1);
    return row;
  }

  /** Gives or takes Pro after a subscription changed; Business (by consultation) is left alone. */
  async function settlePlan(tx: Tx, userId: string): Promise<void> {
    const [entitled] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.paid, true),
          inArray(subscriptions.status, ENTITLED),
        ),
      )
      .limit(1);
    const [from, to] = entitled ? (['free', 'pro'] as const) : (['pro', 'free'] as const);
    await tx
      .update(users)
      .set({ plan: to, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.plan, from)));
  }

  /** The local row an event is about: by the provider's id, else the user's pending one. */
  async function rowFor(
    tx: Tx,
    subscriptionId: string | null,
    customerId: string,
  ): Promise<SubscriptionRow | undefined> {
    if (subscriptionId) {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, provider.kind),
            eq(subscriptions.subscriptionId, subscriptionId),
          ),
        )
        .for('update')
        .limit(1);
      if (row) return row;
    }
    // The webhook may arrive before the request that created the subscription stored its id.
    const [pending] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, provider.kind),
          eq(subscriptions.customerId, customerId),
          eq(subscriptions.status, 'pending'),
        ),
      )
      .for('update')
      .limit(1);
    if (!pending) return undefined;
    if (subscriptionId) {
      await tx
        .update(subscriptions)
        .set({ subscriptionId })
        .where(eq(subscriptions.id, pending.id));
    }
    return { ...pending, subscriptionId };
  }

  async function applySubscription(tx: Tx, event: BillingEvent, snap: SubscriptionSnapshot) {
    const row = await rowFor(tx, snap.subscriptionId, snap.customerId);
    if (!row || TERMINAL.includes(row.status)) return;
    const deleted = event.type === 'customer.subscription.deleted';
    let status = deleted ? 'canceled' : mapStatus(snap.status);
    if (!deleted) {
      // An older event never overwrites newer state, and a paid subscription never goes back.
      if (event.created < row.stateAt) return;
      if (status === 'incomplete' && row.status !== 'pending' && row.status !== 'incomplete')
        status = row.status as Exclude<Status, 'pending'>;
    }
    await tx
      .update(subscriptions)
      .set({
        status,
        cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
        currentPeriodStart: toDate(snap.periodStart) ?? row.currentPeriodStart,
        currentPeriodEnd: toDate(snap.periodEnd) ?? row.currentPeriodEnd,
        stateAt: Math.max(row.stateAt, event.created),
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, row.id));
    await settlePlan(tx, row.userId);
  }

  async function recordPayment(
    tx: Tx,
    row: SubscriptionRow | undefined,
    invoice: InvoiceSnapshot,
    status: 'paid' | 'failed',
  ) {
    const userId = row?.userId ?? (await customerOwner(tx, invoice.customerId));
    if (!userId) return;
    const values = {
      userId,
      provider: provider.kind,
      invoiceId: invoice.invoiceId,
      subscriptionId: invoice.subscriptionId,
      customerId: invoice.customerId,
      amount: invoice.amount,
      currency: invoice.currency.toLowerCase(),
      status,
      periodStart: toDate(invoice.periodStart),
      periodEnd: toDate(invoice.periodEnd),
      paidAt: toDate(invoice.paidAt),
    };
    await tx
      .insert(payments)
      .values(values)
      .onConflictDoUpdate({
        target: [payments.provider, payments.invoiceId],
        set: { status, paidAt: values.paidAt, amount: values.amount, updatedAt: sql`now()` },
        // A paid invoice stays paid, whatever failed attempt is reported late.
        setWhere: sql`${payments.status} <> 'paid'`,
      });
  }

  async function customerOwner(tx: Tx, customerId: string): Promise<string | undefined> {
    const [owner] = await tx
      .select({ userId: billingCustomers.userId })
      .from(billingCustomers)
      .where(
        and(
          eq(billingCustomers.provider, provider.kind),
          eq(billingCustomers.customerId, customerId),
        ),
      )
      .limit(1);
    return owner?.userId;
  }

  async function applyInvoice(tx: Tx, event: BillingEvent, invoice: InvoiceSnapshot) {
    const row = await rowFor(tx, invoice.subscriptionId, invoice.customerId);
    const paid = event.type === 'invoice.paid';
    await recordPayment(tx, row, invoice, paid ? 'paid' : 'failed');
    if (!row || TERMINAL.includes(row.status)) return;
    const fresh = event.created >= row.stateAt;
    if (paid) {
      const later =
        invoice.periodEnd !== null &&
        (row.currentPeriodEnd === null ||
          invoice.periodEnd * 1000 > row.currentPeriodEnd.getTime());
      await tx
        .update(subscriptions)
        .set({
          paid: true,
          payUrl: null,
          ...(fresh && row.status !== 'unpaid' ? { status: 'active' as const } : {}),
          ...(later
            ? {
                currentPeriodStart: toDate(invoice.periodStart),
                currentPeriodEnd: toDate(invoice.periodEnd),
              }
            : {}),
          stateAt: Math.max(row.stateAt, event.created),
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.id, row.id));
    } else {
      await tx
        .update(subscriptions)
        .set({
          payUrl: invoice.payUrl,
          // A renewal that failed: past due. A first payment that failed leaves it incomplete.
          ...(fresh && row.status === 'active' ? { status: 'past_due' as const } : {}),
          stateAt: fresh ? event.created : row.stateAt,
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.id, row.id));
    }
    await settlePlan(tx, row.userId);
  }

  /**
   * The state machine every provider event goes through, webhook or demo card alike. The event is
   * stored by id first, in the same transaction: a replay finds it and changes nothing, and a
   * failure rolls both back so that the provider's retry applies it.
   */
  async function handleEvent(event: BillingEvent): Promise<'applied' | 'duplicate'> {
    return db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(billingEvents)
        .values({ id: event.id, provider: provider.kind, type: event.type, created: event.created })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      if (!stored) return 'duplicate';
      if ('subscription' in event) await applySubscription(tx, event, event.subscription);
      else if ('invoice' in event) await applyInvoice(tx, event, event.invoice);
      return 'applied';
    });
  }

  /** What the profile and /payment show: plan, subscription status and dates, last payment. */
  async function status(user: BillingUser): Promise<BillingStatus> {
    const [sub] = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, user.id),
          inArray(subscriptions.status, ['incomplete', 'active', 'past_due', 'unpaid', 'canceled']),
        ),
      )
      .orderBy(desc(subscriptions.updatedAt))
      .limit(1);
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return {
      plan: planOf(user.plan),
      provider: provider.kind,
      subscription:
        sub && (sub.paid || sub.status !== 'canceled')
          ? {
              status: sub.status,
              cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
              currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
              payUrl: sub.payUrl,
            }
          : null,
      lastPayment: payment
        ? {
            amount: payment.amount / 100,
            currency: payment.currency.toUpperCase(),
            status: payment.status,
            date: (payment.paidAt ?? payment.createdAt).toISOString(),
          }
        : null,
    };
  }

  function subscriptionResponse(clientSecret: string, amount: number): SubscriptionResponse {
    const pro = PLANS.find((p) => p.id === 'pro')!;
    return {
      data: {
        clientSecret,
        amount: amount / 100,
        plan: { id: pro.id, name: pro.name, price: pro.price },
      },
    };
  }

  return {
    provider,

    /**
     * The plan whose rights a user has now ('free' | 'pro' | 'business'). The one function other
     * modules (questions, chats, workspaces) ask; billing keeps `users.plan` equal to it as paid
     * invoices and subscription changes arrive.
     */
    async effectivePlan(userId: string): Promise<PlanId> {
      const [row] = await db
        .select({ plan: users.plan })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return planOf(row?.plan);
    },

    /**
     * The question quota of a user at `now`: Free per São Paulo day, Pro per billing period of its
     * subscription (a calendar month when Pro was given without one), Business unlimited.
     */
    async quotaFor(user: { id: string; plan: string | null | undefined }, at: Date) {
      const quota: PlanQuota = planQuota(user.plan, at);
      if (quota.plan !== 'pro') return quota;
      const [sub] = await db
        .select({
          start: subscriptions.currentPeriodStart,
          end: subscriptions.currentPeriodEnd,
        })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, user.id),
            eq(subscriptions.paid, true),
            inArray(subscriptions.status, ENTITLED),
          ),
        )
        .limit(1);
      if (!sub?.start || !sub.end) return quota;
      let start = sub.start;
      let end = sub.end;
      // The renewal's invoice has not arrived yet: the next period has begun all the same.
      while (at.getTime() >= end.getTime()) {
        start = end;
        end = new Date(end);
        end.setUTCMonth(end.getUTCMonth() + 1);
      }
      return {
        ...quota,
        periodKey: `sub:${start.toISOString()}`,
        resetAt: end.toISOString(),
      };
    },

    plans: () => ({ data: PLANS.map((p) => ({ ...p, features: [...p.features] })) }),

    config: (): PaymentConfig => ({ publicKey: provider.publicKey, provider: provider.kind }),

    /** One customer per user: a second call returns the same id. */
    async createCustomer(user: BillingUser, body: CustomerBody): Promise<{ id: string }> {
      if (body.email.trim().toLowerCase() !== user.email.toLowerCase())
        throw new AppError('CUSTOMER_EMAIL_MISMATCH');
      const existing = await ownCustomer(user.id);
      if (existing) return { id: existing.customerId };
      let created: { id: string };
      try {
        created = await provider.createCustomer(
          { email: user.email, name: body.name, userId: user.id },
          `customer-${user.id}`,
        );
      } catch (error) {
        throw providerError(error);
      }
      await db
        .insert(billingCustomers)
        .values({
          userId: user.id,
          provider: provider.kind,
          customerId: created.id,
          email: user.email,
        })
        .onConflictDoNothing();
      // A parallel call may have stored its customer first: that one is the user's.
      return { id: (await ownCustomer(user.id))!.customerId };
    },

    /**
     * A Pro subscription awaiting its first payment, and the secret that confirms it. One per user:
     * a local `pending` row is taken first (a unique index admits one open subscription per user),
     * so a double click or parallel requests share one subscription and get the same secret.
     */
    async createSubscription(user: BillingUser, body: SubscriptionBody) {
      if (body.planType === 'business') throw new AppError('PLAN_BY_CONSULTATION');
      if (body.planType === 'free') throw new AppError('PLAN_NOT_FOR_SALE');
      const customer = await ownCustomer(user.id);
      if (!customer || customer.customerId !== body.customerId)
        throw new AppError('CUSTOMER_NOT_FOUND');
      if (planOf(user.plan) !== 'free') {
        throw new AppError(
          'ALREADY_SUBSCRIBED',
          undefined,
          planOf(user.plan) === 'business' ? 'Você já tem o plano Business.' : undefined,
        );
      }
      const deadline = Date.now() + pendingWaitMs;
      for (;;) {
        const [taken] = await db
          .insert(subscriptions)
          .values({
            userId: user.id,
            provider: provider.kind,
            plan: 'pro',
            customerId: customer.customerId,
            status: 'pending',
            amount: Math.round(PRO_PRICE_BRL * 100),
          })
          .onConflictDoNothing()
          .returning();
        if (taken) {
          try {
            const created = await provider.createSubscription(
              { customerId: customer.customerId, userId: user.id },
              `subscription-${taken.id}`,
            );
            await db
              .update(subscriptions)
              .set({
                subscriptionId: created.subscriptionId,
                clientSecret: created.clientSecret,
                latestInvoiceId: created.invoiceId,
                amount: created.amount,
                updatedAt: sql`now()`,
              })
              .where(eq(subscriptions.id, taken.id));
            // Events may have moved it on already; otherwise it now awaits payment.
            await db
              .update(subscriptions)
              .set({ status: 'incomplete' })
              .where(and(eq(subscriptions.id, taken.id), eq(subscriptions.status, 'pending')));
            return subscriptionResponse(created.clientSecret, created.amount);
          } catch (error) {
            await db.delete(subscriptions).where(eq(subscriptions.id, taken.id));
            throw providerError(error);
          }
        }
        const open = await openSubscription(user.id);
        if (open && (open.status === 'active' || open.status === 'past_due') && open.paid)
          throw new AppError('ALREADY_SUBSCRIBED');
        if (open?.clientSecret) return subscriptionResponse(open.clientSecret, open.amount);
        if (
          open?.status === 'pending' &&
          Date.now() - open.createdAt.getTime() > STALE_PENDING_MS
        ) {
          // Left by a process that stopped mid-call: freed, so the user is not locked out.
          await db
            .delete(subscriptions)
            .where(and(eq(subscriptions.id, open.id), eq(subscriptions.status, 'pending')));
          continue;
        }
        if (Date.now() > deadline) throw new AppError('PAYMENT_PROVIDER_ERROR');
        // Another request is creating it (or gave up and removed its row): look again shortly.
        await sleep(50);
      }
    },

    handleEvent,

    /** The demo card form: the same events a webhook would bring, through the same state machine. */
    async confirmDemo(user: BillingUser, body: DemoConfirmBody) {
      if (!('confirm' in provider)) throw new AppError('NOT_FOUND', 404, 'Rota não encontrada.');
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.userId, user.id), eq(subscriptions.clientSecret, body.clientSecret)),
        )
        .limit(1);
      if (!row?.subscriptionId || !row.latestInvoiceId) throw new AppError('PAYMENT_NOT_FOUND');
      if (row.paid) return { status: 'succeeded' as const };
      if (TERMINAL.includes(row.status)) throw new AppError('PAYMENT_NOT_FOUND');
      const events = provider.confirm(
        {
          subscriptionId: row.subscriptionId,
          customerId: row.customerId,
          invoiceId: row.latestInvoiceId,
          amount: row.amount,
        },
        body.cardNumber,
      );
      for (const event of events) await handleEvent(event);
      const outcome = demoCardOutcome(body.cardNumber);
      if (!outcome.ok) {
        throw new AppError('CARD_DECLINED', 402, outcome.message, undefined, undefined, {
          declineCode: outcome.declineCode,
        });
      }
      return { status: 'succeeded' as const };
    },

    status,

    /** Cancels at the period's end (`cancel: true`) or undoes that before the end. */
    async setCancelAtPeriodEnd(user: BillingUser, cancel: boolean): Promise<BillingStatus> {
      const row = await openSubscription(user.id);
      if (!row?.subscriptionId || !row.paid || !ENTITLED.includes(row.status))
        throw new AppError('SUBSCRIPTION_NOT_FOUND');
      let snap: SubscriptionSnapshot;
      try {
        snap = await provider.setCancelAtPeriodEnd(
          {
            subscriptionId: row.subscriptionId,
            customerId: row.customerId,
            status: row.status as SubscriptionSnapshot['status'],
            cancelAtPeriodEnd: row.cancelAtPeriodEnd,
            periodStart: row.currentPeriodStart ? row.currentPeriodStart.getTime() / 1000 : null,
            periodEnd: row.currentPeriodEnd ? row.currentPeriodEnd.getTime() / 1000 : null,
          },
          cancel,
        );
      } catch (error) {
        throw providerError(error);
      }
      await db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: snap.cancelAtPeriodEnd, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, row.id));
      return status(user);
    },

    /** Operators and tests: the open subscription row of a user. */
    openSubscription,
  };
}

function providerError(error: unknown): AppError {
  return error instanceof AppError ? error : new AppError('PAYMENT_PROVIDER_ERROR');
}

export type BillingService = ReturnType<typeof createBillingService>;
