import type { Kysely } from 'kysely';
import { recomputeListedDims } from './0014_lead_dims_listed';

/**
 * Issue 23 ("remaining spec calls"): the lead lists show the three stores that had no page (CPC
 * resources on 竞价资源, Toutiao's on 信息流资源, distributed resources on 资源列表), so the
 * analysis pies, which count the leads the lists show, count them too: lead_dim_counts is
 * recomputed over every kind (frozen here as the kinds were when it was written). The daily
 * statements and receive reports read the leads table and need nothing; lead_day_counts already
 * counted every lead received.
 */
const LISTED_KINDS = ['resource', 'distribution', 'feedback', 'cpc', 'infoList', 'todayHeader', 'baiList'];

export const up = (db: Kysely<unknown>): Promise<void> => recomputeListedDims(db, LISTED_KINDS);

/** Nothing to undo: the counts stay readable by every reader (they count more leads). */
export async function down(): Promise<void> {}
