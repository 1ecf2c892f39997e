import type { Kysely } from 'kysely';

/**
 * The workbench's 有效对话 (valid conversations; issue 23) from the conversations themselves: a
 * conversation is valid once the visitor wrote at least one message and the customer replied at
 * least once. `valid_day` is the China day it became so (set once, by the message that made it
 * valid); the workbench counts a customer's valid conversations per day and project from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_conversations').addColumn('valid_day', 'varchar(10)').execute();
  await db.schema.createIndex('chat_conversations_valid_idx').on('chat_conversations').columns(['customer_id', 'valid_day', 'item_id']).execute();
}
