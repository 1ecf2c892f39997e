import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * The visitor site's forms (issue 21; spec 000 sections 3 and 5).
 *
 * - `strategy_surveys`: each accepted plan form (strategy survey), with the unguessable token (32
 *   hex) that lets a page read its report again (GET /rest/public/strategy-surveys/{id}?token=),
 *   the form's fields and the computed report as JSON text, the lead it became and who sent it
 *   (customer_id: the logged-in customer, null for a visitor).
 * - `public_form_idempotency_keys`: one row per (form, Idempotency-Key) of the public form posts,
 *   with the SHA-256 of the body and the first answer (JSON text; null while it is being made); a
 *   row older than 24 h is taken over by a new post of its key.
 *
 * Times are UTC ISO strings.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('strategy_surveys'))
    .addColumn('token', 'varchar(32)', (col) => col.notNull())
    .addColumn('brand', 'varchar(50)', (col) => col.notNull())
    .addColumn('fields', 'text', (col) => col.notNull())
    .addColumn('report', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'integer', (col) => col.references('customers.id').onDelete('set null'))
    .addColumn('lead_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await columns
    .id(db.schema.createTable('public_form_idempotency_keys'))
    .addColumn('form', 'varchar(20)', (col) => col.notNull())
    .addColumn('idempotency_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('body_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('public_form_idempotency_keys_form_key_uq', ['form', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('public_form_idempotency_keys_created_idx').on('public_form_idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('public_form_idempotency_keys').execute();
  await db.schema.dropTable('strategy_surveys').execute();
}
