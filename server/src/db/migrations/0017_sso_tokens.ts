import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * Single sign-on (spec 000 section 6, "single-sign-on lookup by id exists for login").
 *
 * - `sso_tokens`: one row per link the operator CLI issued (`sso-link`): the customer, the SHA-256
 *   of the link's token (the token itself is never stored), when it expires (at most 15 minutes
 *   after it was made), when it was used (null until then; a login sets it in the same UPDATE that
 *   checks it is still null and unexpired, so one token opens one session), and when it was made.
 *
 * Times are UTC ISO strings.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('sso_tokens'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('sso_tokens_token_hash_uq', ['token_hash'])
    .execute();
  await db.schema.createIndex('sso_tokens_customer_idx').on('sso_tokens').column('customer_id').execute();
  await db.schema.createIndex('sso_tokens_expires_idx').on('sso_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_tokens').execute();
}
