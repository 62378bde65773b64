import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  date,
  jsonb,
  boolean,
  primaryKey,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firebaseUid: text('firebase_uid').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    photoUrl: text('photo_url'),
    plan: text('plan', { enum: ['free', 'pro', 'business'] })
      .notNull()
      .default('free'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_firebase_uid_key').on(t.firebaseUid),
    uniqueIndex('users_email_key').on(t.email),
    check('users_plan_check', sql`${t.plan} in ('free', 'pro', 'business')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    // Expired sessions are purged at sign-in, a batch at a time.
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const regulations = pgTable(
  'regulations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    authority: text('authority').notNull().default(''),
    issuedDate: date('issued_date', { mode: 'string' }),
    revisedDate: date('revised_date', { mode: 'string' }),
    status: text('status').notNull().default('vigente'),
    description: text('description').notNull().default(''),
    sourceFile: text('source_file').notNull(),
    checksum: text('checksum').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('regulations_code_key').on(t.code)],
);

export const sections = pgTable(
  'sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    regulationId: uuid('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    /** Position in document order, from 1. */
    number: integer('number').notNull(),
    /** The item as printed: "35.2.1", or "Anexo II 1.3" inside an annex. */
    item: text('item').notNull(),
    headingPath: text('heading_path').notNull().default(''),
    content: text('content').notNull(),
    /** Set when this wording is in force only from a future date. */
    effectiveFrom: date('effective_from', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('sections_regulation_number_key').on(t.regulationId, t.number),
    index('sections_regulation_item_idx').on(t.regulationId, t.item),
  ],
);

/**
 * Every version of a regulation imported into this database, newest current (replaced_at null).
 * A newer official text replaces the older one; `changes` says what it changed, for the users.
 */
export const regulationVersions = pgTable(
  'regulation_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    regulationId: uuid('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    /** The act that last changed the text, as printed: "Portaria MTE nº 1.680, de 02 de outubro de 2025". */
    lastAct: text('last_act'),
    /** DOU date of that act. */
    amendedOn: date('amended_on', { mode: 'string' }),
    /** "(Redação dada pela …)": the act that gave the text its current wording. */
    wordingAct: text('wording_act'),
    /** The header's acts: { publication, amendments[] }, each { act, dou }. */
    acts: jsonb('acts').notNull().default({}),
    sourceFile: text('source_file').notNull(),
    /** SHA-256 of the official file as imported. */
    sourceSha256: text('source_sha256').notNull(),
    /** Where the official file is published (from the corpus manifest), when known. */
    sourceUrl: text('source_url'),
    /** Items added, removed and reworded with respect to the version it replaced; null for the first. */
    changes: jsonb('changes'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    index('regulation_versions_regulation_idx').on(t.regulationId, t.importedAt),
    uniqueIndex('regulation_versions_current_key')
      .on(t.regulationId)
      .where(sql`${t.replacedAt} is null`),
    index('regulation_versions_sha_idx').on(t.sourceSha256),
  ],
);

/**
 * Sections replaced by a newer import, kept under their own ids: an answer, a chat or a process still
 * holding an older search index may cite them, and a section id must always name the wording it did.
 */
export const retiredSections = pgTable(
  'retired_sections',
  {
    id: uuid('id').primaryKey(),
    regulationId: uuid('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id').references(() => regulationVersions.id, { onDelete: 'set null' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
    /** The section row as it was (every column of `sections`). */
    section: jsonb('section').notNull(),
  },
  (t) => [index('retired_sections_regulation_idx').on(t.regulationId)],
);

/**
 * A Quadro/Tabela/Anexo table of a regulation, kept as data beside the sections that print it
 * (sections `section_number`..`last_section_number` of the same regulation hold its rows as text).
 */
export const regulationTables = pgTable(
  'regulation_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    regulationId: uuid('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    /** Order among the regulation's tables, from 1. */
    position: integer('position').notNull(),
    /** "Quadro I", "Anexo II", "Tabela do item 22.16.2.1". */
    label: text('label').notNull(),
    title: text('title').notNull().default(''),
    sectionNumber: integer('section_number').notNull(),
    lastSectionNumber: integer('last_section_number').notNull(),
    page: integer('page'),
    /** The grid: column count, header rows, body rows (HTML cell model) and footnotes. */
    grid: jsonb('grid').notNull(),
  },
  (t) => [
    uniqueIndex('regulation_tables_regulation_position_key').on(t.regulationId, t.position),
    index('regulation_tables_regulation_label_idx').on(t.regulationId, t.label),
  ],
);

/**
 * A user's establishment profiles (/delivery…): what SESMT and CIPA sizing needs. Sizing itself is
 * not stored: it is computed from the imported tables on every read. One profile per user is active.
 */
export const establishments = pgTable(
  'establishments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 14 digits, check digits verified. */
    cnpj: text('cnpj'),
    /** CNAE subclass, 7 digits ("4120400"). */
    cnae: text('cnae').notNull(),
    employees: integer('employees').notNull(),
    uf: text('uf').notNull(),
    active: boolean('active').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('establishments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('establishments_user_active_key')
      .on(t.userId)
      .where(sql`${t.active}`),
    check('establishments_employees_check', sql`${t.employees} > 0`),
    check('establishments_cnae_check', sql`${t.cnae} ~ '^[0-9]{7}$'`),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('projects_user_id_idx').on(t.userId)],
);

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatKey: text('chat_key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    type: text('type').notNull().default('regulation'),
    title: text('title'),
    initialQuestion: text('initial_question'),
    initialAnswer: text('initial_answer'),
    initialRegulations: jsonb('initial_regulations').notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chats_chat_key_key').on(t.chatKey),
    index('chats_user_project_idx').on(t.userId, t.projectId, t.updatedAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    isUserMessage: boolean('is_user_message').notNull(),
    content: text('content').notNull(),
    regulations: jsonb('regulations').notNull().default([]),
    ...timestamps,
  },
  (t) => [index('messages_chat_id_idx').on(t.chatId, t.createdAt)],
);

/** Every answered question, for the user's history; `chatKey` lets "Continuar chat" start a chat from it. */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatKey: text('chat_key').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    regulations: jsonb('regulations').notNull().default([]),
    abstained: boolean('abstained').notNull().default(false),
    engine: text('engine').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('questions_chat_key_key').on(t.chatKey),
    index('questions_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Questions used per plan period ("2026-11-21" for a day, "2026-11" for a month). */
export const questionUsage = pgTable(
  'question_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodKey] })],
);

export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    pergunta: text('pergunta').notNull(),
    answer: text('answer').notNull(),
    regulations: jsonb('regulations').notNull().default([]),
    position: integer('position').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('faqs_slug_key').on(t.slug)],
);

/** One feedback per user and message (a second replaces the first); chat-level when messageId is null. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['POSITIVE', 'NEGATIVE'] }).notNull(),
    comment: text('comment'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('feedback_user_message_key').on(t.userId, t.messageId),
    uniqueIndex('feedback_user_chat_key')
      .on(t.userId, t.chatId)
      .where(sql`${t.messageId} is null`),
    check('feedback_type_check', sql`${t.type} in ('POSITIVE', 'NEGATIVE')`),
  ],
);

/**
 * Rate-limit counters shared by replicas on one PostgreSQL server (when REDIS_URL is not set): one
 * row per limit and client, reset when its window ends. Unlogged (custom migration): losing the
 * counters in a crash only forgives a minute of requests.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);

/**
 * One row: a number that every change to the regulations or their sections raises, in the same
 * transaction (statement triggers, custom migration). Replicas compare it with the version their
 * search index was built from, whichever process or tool made the change.
 */
export const corpusVersion = pgTable(
  'corpus_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: integer('version').notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('corpus_version_single_row', sql`${t.id}`)],
);

/** The payment provider's customer of a user: one per user and provider (billing module). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    customerId: text('customer_id').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('billing_customers_customer_id_key').on(t.provider, t.customerId),
  ],
);

/**
 * A user's subscription as the provider's events last described it. `pending` is the local row
 * taken before the provider is called, so that parallel requests create one subscription only.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    plan: text('plan', { enum: ['pro'] }).notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    status: text('status', {
      enum: [
        'pending',
        'incomplete',
        'active',
        'past_due',
        'unpaid',
        'canceled',
        'incomplete_expired',
      ],
    }).notNull(),
    clientSecret: text('client_secret'),
    latestInvoiceId: text('latest_invoice_id'),
    /** Cents of BRL. */
    amount: integer('amount').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Whether an invoice of this subscription was paid: Pro is granted only for money received. */
    paid: boolean('paid').notNull().default(false),
    /** Hosted page where a past-due invoice can be paid. */
    payUrl: text('pay_url'),
    /** `created` of the newest provider event applied (seconds): older events do not overwrite. */
    stateAt: integer('state_at').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_subscription_id_key').on(t.provider, t.subscriptionId),
    uniqueIndex('subscriptions_client_secret_key').on(t.clientSecret),
    // At most one subscription per user that is being created, awaiting payment, or running.
    uniqueIndex('subscriptions_open_per_user_key')
      .on(t.userId)
      .where(sql`status in ('pending', 'incomplete', 'active', 'past_due')`),
  ],
);

/** Provider events by id, stored before they are applied: a replay finds its id and does nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
  type: text('type').notNull(),
  /** The event's own `created` (seconds). */
  created: integer('created').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per invoice paid (or failed), kept whatever happens later to the user's plan. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    invoiceId: text('invoice_id').notNull(),
    subscriptionId: text('subscription_id'),
    customerId: text('customer_id').notNull(),
    /** Cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('brl'),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_invoice_id_key').on(t.provider, t.invoiceId),
    index('payments_user_id_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A company's shared account (Business): one per owner. Its members have the Business plan's
 * rights while they belong to it (decision 0040).
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('workspaces_owner_key').on(t.ownerId)],
);

/** A person belongs to at most one workspace (the unique user_id). */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    uniqueIndex('workspace_members_user_key').on(t.userId),
    check('workspace_members_role_check', sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

/** An invitation by e-mail; pending while not accepted, revoked or expired. */
export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('workspace_invites_email_idx').on(t.email),
    index('workspace_invites_workspace_idx').on(t.workspaceId, t.createdAt),
    check('workspace_invites_role_check', sql`${t.role} in ('admin', 'member')`),
  ],
);

/**
 * A conversation of workspace members: a named group, or the one direct room of a pair
 * (`direct_key` = the two user ids in order). `last_seq` is the seq of its newest message.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['group', 'direct'] }).notNull(),
    name: text('name'),
    directKey: text('direct_key'),
    lastSeq: integer('last_seq').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('rooms_workspace_idx').on(t.workspaceId),
    uniqueIndex('rooms_direct_key').on(t.directKey),
    check('rooms_kind_check', sql`${t.kind} in ('group', 'direct')`),
  ],
);

export const roomMembers = pgTable(
  'room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The seq of the last message this member has read. */
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('room_members_user_idx').on(t.userId),
  ],
);

/**
 * A room's messages, numbered 1, 2, 3… per room without gaps (`seq` taken from rooms.last_seq in
 * the inserting statement). `sender_id` null is the assistant. `client_id` makes a resend harmless.
 */
export const roomMessages = pgTable(
  'room_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderKind: text('sender_kind', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    regulations: jsonb('regulations').notNull().default([]),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('room_messages_room_seq_key').on(t.roomId, t.seq),
    uniqueIndex('room_messages_client_key')
      .on(t.roomId, t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/** Projects a member shared with their workspace (visible to every member). */
export const projectShares = pgTable(
  'project_shares',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_shares_workspace_idx').on(t.workspaceId)],
);
