import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * The live smart chat (issue 23).
 *
 * `chat_keys`: a customer's public chat key (the widget's `data-key`): random, URL-safe, UNIQUE;
 * `item_id` the project its conversations' leads go to (null: the customer's first project);
 * 'active' or 'revoked' (a revoked key starts no conversation).
 *
 * `chat_conversations`: one visitor's conversation with the customer through a key. The visitor's
 * token is kept as its SHA-256 (`token_hash`, UNIQUE), never itself. `visitor_name` '访客' and four
 * digits; `page_url` and `referrer` cut to 500 characters; 'open' or 'closed';
 * `last_activity_at` the newest message (or the start), `visitor_seen_at` the visitor's newest
 * message or poll (the reply box is disabled when it is older than CHAT_VISITOR_GONE_MS);
 * `customer_unread` the visitor messages the customer has not read; `phone` the first phone the
 * visitor left; `lead_id` UNIQUE: the one smart-chat lead the conversation became, set in the
 * transaction that stored the lead.
 *
 * `chat_messages`: the messages, `sender` 'visitor' or 'customer', `body` at most 500 characters
 * (stored as typed: HTML is text). Paged by (conversation_id, id).
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('chat_keys'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('key', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('set null'))
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('active'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addCheckConstraint('chat_keys_status_ck', sql`status in ('active', 'revoked')`)
    .execute();
  await db.schema.createIndex('chat_keys_customer_idx').on('chat_keys').columns(['customer_id', 'id']).execute();

  await columns
    .id(db.schema.createTable('chat_conversations'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('key_id', 'integer', (col) => col.notNull().references('chat_keys.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('set null'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('visitor_name', 'varchar(20)', (col) => col.notNull())
    .addColumn('page_url', 'varchar(500)')
    .addColumn('referrer', 'varchar(500)')
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('open'))
    .addColumn('last_activity_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('visitor_seen_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('customer_unread', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('phone', 'varchar(20)')
    .addColumn('lead_id', 'integer', (col) => col.unique().references('leads.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addCheckConstraint('chat_conversations_status_ck', sql`status in ('open', 'closed')`)
    .addCheckConstraint('chat_conversations_unread_ck', sql`customer_unread >= 0`)
    .execute();
  // The target list: the customer's conversations, newest activity first.
  await db.schema
    .createIndex('chat_conversations_customer_activity_idx')
    .on('chat_conversations')
    .columns(['customer_id', 'last_activity_at', 'id'])
    .execute();

  await columns
    .id(db.schema.createTable('chat_messages'))
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('sender', 'varchar(10)', (col) => col.notNull())
    .addColumn('body', 'varchar(500)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addCheckConstraint('chat_messages_sender_ck', sql`sender in ('visitor', 'customer')`)
    .execute();
  await db.schema.createIndex('chat_messages_conversation_idx').on('chat_messages').columns(['conversation_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
  await db.schema.dropTable('chat_keys').execute();
}
