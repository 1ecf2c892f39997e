import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * Replay-safe ingestion (issue 20 item 5):
 * - `ingest_idempotency_keys`: one row per (customer, Idempotency-Key) of POST /rest/open/leads,
 *   inserted in the lead's own transaction, with the SHA-256 of the raw body and the lead it made;
 *   the unique (customer_id, idempotency_key) makes a concurrent second send wait for the first
 *   (PostgreSQL) or run after it (SQLite's write lock), then find the stored answer. Rows older
 *   than 24 h are forgotten (replaced by a new send of the key, or deleted a few at a time).
 * - `customer_settings.ingest_signing_secret`: the HMAC key of signed sends (64 hex), stored as
 *   is: the server must compute the same HMAC, so a hash would not do; it is answered only once,
 *   when generated. `ingest_signature_required`: 1 refuses unsigned sends.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('ingest_idempotency_keys'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('body_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('lead_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('ingest_idempotency_keys_customer_key_uq', ['customer_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('ingest_idempotency_keys_expiry_idx').on('ingest_idempotency_keys').columns(['customer_id', 'created_at']).execute();

  await db.schema.alterTable('customer_settings').addColumn('ingest_signing_secret', 'varchar(64)').execute();
  await db.schema
    .alterTable('customer_settings')
    .addColumn('ingest_signature_required', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customer_settings').dropColumn('ingest_signature_required').execute();
  await db.schema.alterTable('customer_settings').dropColumn('ingest_signing_secret').execute();
  await db.schema.dropTable('ingest_idempotency_keys').execute();
}
