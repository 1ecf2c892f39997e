import { z } from 'zod';
import { chinaDate, daysInRange } from '../common/date';
import { MAX_ID } from '../common/query';
import { ExportReadStatus, FileGenre, LeadMessage } from './enums';
import { LEAD_MAX_DAYS } from './schemas';

/** Export fileGenre labels (1 CSV, the only format). */
export const FILE_GENRE_LABELS: Record<number, string> = { [FileGenre.Csv]: 'CSV' };

/** Texts of the export form beyond the spec's four messages. */
export const LeadExportFormMessage = {
  RangeTooLong: `导出时间范围不能超过${LEAD_MAX_DAYS}天`,
} as const;

const day = chinaDate(LeadMessage.ChooseDateRange);

/**
 * The export dialog of the lead lists (spec 000 sections 3 and 5): the days (YYYY-MM-DD, both
 * required), the project, the read status (-1 any, 0 unread, 1 read) and the format (1 CSV),
 * each missing one with the spec's message. The project is one of the customer's, whatever its
 * status, or null for all projects (issue 27): the export's bounds (the days, at most
 * LEAD_MAX_DAYS) are the same either way.
 */
export const leadExportFormSchema = z.object({
  dateRange: z
    .tuple([day, day], { error: LeadMessage.ChooseDateRange })
    .refine(([start, end]) => start <= end, { error: LeadMessage.ChooseDateRange })
    .refine(([start, end]) => daysInRange(start, end) <= LEAD_MAX_DAYS, { error: LeadExportFormMessage.RangeTooLong }),
  itemId: z
    .number({ error: LeadMessage.ChooseExportItem })
    .int({ error: LeadMessage.ChooseExportItem })
    .min(1, { error: LeadMessage.ChooseExportItem })
    .max(MAX_ID, { error: LeadMessage.ChooseExportItem })
    .nullable(),
  readStatus: z.union([z.literal(ExportReadStatus.Any), z.literal(ExportReadStatus.Unread), z.literal(ExportReadStatus.Read)], {
    error: LeadMessage.ChooseReadStatus,
  }),
  fileGenre: z.literal(FileGenre.Csv, { error: LeadMessage.ChooseFileGenre }),
});
export type LeadExportForm = z.infer<typeof leadExportFormSchema>;

/** The query of an export download (what leadExportQuerySchema checks on the server); no itemId exports every project. */
export interface LeadExportParams {
  startTime: string;
  endTime: string;
  itemId?: number;
  readStatus: number;
  fileGenre: number;
}

/** The download's query parameters of a filled export form. */
export const toLeadExportParams = ({ dateRange: [startTime, endTime], itemId, readStatus, fileGenre }: LeadExportForm): LeadExportParams => ({
  startTime,
  endTime,
  ...(itemId === null ? {} : { itemId }),
  readStatus,
  fileGenre,
});
