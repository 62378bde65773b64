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
