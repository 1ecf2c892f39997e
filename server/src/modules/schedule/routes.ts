import fastifyMultipart from '@fastify/multipart';
import { CommonMessage, ResponseCode } from '@portal/contracts';
import { XLSX_MIME, scheduleEndpoints } from '@portal/contracts/endpoints';
import { IMPORT_TEMPLATE_NAME, ScheduleMessage } from '@portal/contracts/schedule';
import type { FastifyPluginAsync } from 'fastify';
import type { SheetParseConfig } from '../../config';
import { asDownload } from '../../http/download';
import { acceptFormBodies } from '../../http/form-body';
import { ServerMessage } from '../../http/messages';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import * as schedule from './service';
import { templateBuffer } from './sheet';
import { SheetParser } from './sheet-pool';
import { readImportUpload } from './upload';

/**
 * The call-centre scheduling calls (spec 001 section 7 "Call-centre scheduling"): the schedule
 * page's projects, days, rows, staff, copy, import and template; code-style answers
 * `{code: '200', message, data}`. Each works on the logged-in customer's own projects, staff,
 * groups and schedules. (The lead's distribution record is the distribution module's.)
 */
export const scheduleRoutes: FastifyPluginAsync<{ sheetParse?: Partial<SheetParseConfig> }> = async (app, options) => {
  acceptFormBodies(app);
  // Import sheets are read in worker threads, within budgets (sheet-pool.ts).
  const sheets = new SheetParser(options.sheetParse);
  app.addHook('onClose', () => sheets.close());
  // Multipart parsing for the import only (elsewhere in this plugin such a body fails its schema).
  await app.register(fastifyMultipart);
  const deps = (request: { log: schedule.ScheduleDeps['log'] }): schedule.ScheduleDeps => ({ db: app.db, events: app.events, log: request.log });
  const answer = <T>(message: string, data: T) => ({ code: ResponseCode.Success, message, data });

  route(app, scheduleEndpoints.items, async (request) =>
    answer(ServerMessage.Succeeded, await schedule.listItems(app.db, currentCustomerId(request), request.query.crmCode)),
  );
  route(app, scheduleEndpoints.dateExists, async (request) => {
    const { crmCode, itemId, month } = request.query;
    return answer(ServerMessage.Succeeded, await schedule.scheduledDays(app.db, currentCustomerId(request), crmCode, itemId, month));
  });
  route(app, scheduleEndpoints.day, async (request) =>
    answer(
      ServerMessage.Succeeded,
      await schedule.getDay(app.db, currentCustomerId(request), request.query.crmCode, request.params.date, request.params.itemId),
    ),
  );
  route(app, scheduleEndpoints.deleteDay, async (request) =>
    answer(
      ScheduleMessage.DeleteSucceeded,
      await schedule.deleteDay(deps(request), currentCustomerId(request), request.query.crmCode, request.params.date, request.params.itemId),
    ),
  );
  route(app, scheduleEndpoints.staff, async (request) =>
    answer(
      ServerMessage.Succeeded,
      await schedule.listStaff(app.db, currentCustomerId(request), request.query.crmCode, request.params.itemId, request.params.date),
    ),
  );
  route(app, scheduleEndpoints.copy, async (request) =>
    answer(ScheduleMessage.CopySucceeded, await schedule.copyDay(deps(request), currentCustomerId(request), request.body)),
  );
  route(app, scheduleEndpoints.insertStaff, async (request) =>
    answer(CommonMessage.OperationSucceeded, await schedule.insertStaff(deps(request), currentCustomerId(request), request.body)),
  );
  route(app, scheduleEndpoints.save, async (request) =>
    answer(ScheduleMessage.SaveSucceeded, await schedule.saveDay(deps(request), currentCustomerId(request), request.body)),
  );
  route(app, scheduleEndpoints.importFile, async (request) => {
    const customerId = currentCustomerId(request);
    const result = await schedule.importDay(deps(request), customerId, await readImportUpload(request), sheets);
    return answer(result.status === 'done' ? ScheduleMessage.ImportSucceeded : ServerMessage.Succeeded, result);
  });
  route(app, scheduleEndpoints.submitRepeat, async (request) =>
    answer(ScheduleMessage.ImportSucceeded, await schedule.submitRepeat(deps(request), currentCustomerId(request), request.body)),
  );
  route(app, scheduleEndpoints.template, async (_request, reply) =>
    asDownload(reply.type(XLSX_MIME), IMPORT_TEMPLATE_NAME, 'schedule-import-template.xlsx')
      // Bytes, not a schema-serialized body (a file entry's response schemas list only the errors).
      .send(templateBuffer() as never),
  );
};
