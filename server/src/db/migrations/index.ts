import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_leads';
import * as m0003 from './0003_lead_filter_indexes';
import * as m0004 from './0004_messages';
import * as m0005 from './0005_lead_platform';
import * as m0006 from './0006_login_throttle';
import * as m0007 from './0007_reports_ledger';
import * as m0008 from './0008_lead_rollup_backfill';
import * as m0009 from './0009_ledger_unit_price';
import * as m0010 from './0010_crm_push';
import * as m0011 from './0011_schedule';
import * as m0012 from './0012_daily_stats_without_messages';
import * as m0013 from './0013_ingest_replay_safety';
import * as m0014 from './0014_lead_dims_listed';
import * as m0015 from './0015_public_content';
import * as m0016 from './0016_public_forms';
import * as m0017 from './0017_sso_tokens';
import * as m0018 from './0018_mall';
import * as m0019 from './0019_mall_signin';
import * as m0020 from './0020_mall_banners_cases';
import * as m0021 from './0021_mall_tasks';
import * as m0022 from './0022_help';
import * as m0023 from './0023_chat';
import * as m0024 from './0024_chat_valid';
import * as m0025 from './0025_lists_show_every_kind';
import * as m0026 from './0026_help_short_search';
import * as m0027 from './0027_lead_duplicates';
import * as m0028 from './0028_phone_check';
import * as m0029 from './0029_follow_up';
import * as m0030 from './0030_crm_follower_changes';
import * as m0031 from './0031_lead_dims_by_project';
import * as m0032 from './0032_crm_follow_up_records';

/** A migration given the dialect's column types, so one file serves SQLite and PostgreSQL. */
export interface PortalMigration {
  up(db: Kysely<unknown>, columns: DialectColumns): Promise<void>;
  down?(db: Kysely<unknown>, columns: DialectColumns): Promise<void>;
}

/**
 * Every migration in order, listed here rather than read from the folder so that tsx, jest and
 * a bundled build all see the same set. Names sort in the order they run; never rename one.
 */
export const migrations: Record<string, PortalMigration> = {
  '0001_initial': m0001,
  '0002_leads': m0002,
  '0003_lead_filter_indexes': m0003,
  '0004_messages': m0004,
  '0005_lead_platform': m0005,
  '0006_login_throttle': m0006,
  '0007_reports_ledger': m0007,
  '0008_lead_rollup_backfill': m0008,
  '0009_ledger_unit_price': m0009,
  '0010_crm_push': m0010,
  '0011_schedule': m0011,
  '0012_daily_stats_without_messages': m0012,
  '0013_ingest_replay_safety': m0013,
  '0014_lead_dims_listed': m0014,
  '0015_public_content': m0015,
  '0016_public_forms': m0016,
  '0017_sso_tokens': m0017,
  '0018_mall': m0018,
  '0019_mall_signin': m0019,
  '0020_mall_banners_cases': m0020,
  '0021_mall_tasks': m0021,
  '0022_help': m0022,
  '0023_chat': m0023,
  '0024_chat_valid': m0024,
  '0025_lists_show_every_kind': m0025,
  '0026_help_short_search': m0026,
  '0027_lead_duplicates': m0027,
  '0028_phone_check': m0028,
  '0029_follow_up': m0029,
  '0030_crm_follower_changes': m0030,
  '0031_lead_dims_by_project': m0031,
  '0032_crm_follow_up_records': m0032,
};
