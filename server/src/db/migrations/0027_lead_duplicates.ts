import { type Kysely, sql } from 'kysely';

/**
 * Duplicate leads (issue 24):
 * - `leads.phone_key`: the phone as duplicates compare it (digits without the 86 / 0086 country
 *   code of a mainland mobile: the contracts' phoneKeyOf); `leads.other_key`: the other contact
 *   (trimmed, lower case, no spaces; null under 3 characters: otherKeyOf), both filled here for
 *   every lead already stored, by the same rules in SQL.
 * - `leads.duplicate_of`: the original lead a duplicate repeats; `leads.duplicate_reason` its
 *   reason as shown ('与 3 天前的表单线索重复'), written once at arrival.
 * - two indexes (customer, key, time): the check at arrival is an index lookup however many leads.
 * - `customer_settings.duplicate_*`: the customer's rule (window in days, scope, action); the
 *   defaults (30 days, all projects, hold back) apply to a customer without a row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('phone_key', 'varchar(20)').execute();
  await db.schema.alterTable('leads').addColumn('other_key', 'varchar(100)').execute();
  await db.schema.alterTable('leads').addColumn('duplicate_of', 'integer').execute();
  await db.schema.alterTable('leads').addColumn('duplicate_reason', 'varchar(100)').execute();
  await sql`update leads set phone_key = case
      when length(mobile) = 13 and substr(mobile, 1, 3) = '861' then substr(mobile, 3)
      when length(mobile) = 15 and substr(mobile, 1, 5) = '00861' then substr(mobile, 5)
      when length(mobile) >= 5 then mobile
      else null end,
    other_key = case when length(replace(trim(coalesce(other, '')), ' ', '')) >= 3
      then substr(lower(replace(trim(other), ' ', '')), 1, 100) else null end`.execute(db);
  await db.schema.createIndex('leads_phone_key_idx').on('leads').columns(['customer_id', 'phone_key', 'create_time']).execute();
  await db.schema.createIndex('leads_other_key_idx').on('leads').columns(['customer_id', 'other_key', 'create_time']).execute();

  await db.schema
    .alterTable('customer_settings')
    .addColumn('duplicate_window_days', 'integer', (col) => col.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable('customer_settings')
    .addColumn('duplicate_scope', 'varchar(10)', (col) => col.notNull().defaultTo('customer'))
    .execute();
  await db.schema
    .alterTable('customer_settings')
    .addColumn('duplicate_action', 'varchar(10)', (col) => col.notNull().defaultTo('hold'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_other_key_idx').execute();
  await db.schema.dropIndex('leads_phone_key_idx').execute();
  for (const column of ['duplicate_reason', 'duplicate_of', 'other_key', 'phone_key'])
    await db.schema.alterTable('leads').dropColumn(column).execute();
  for (const column of ['duplicate_action', 'duplicate_scope', 'duplicate_window_days'])
    await db.schema.alterTable('customer_settings').dropColumn(column).execute();
}
