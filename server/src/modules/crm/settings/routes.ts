import { ResponseCode } from '@portal/contracts';
import { CrmMessage } from '@portal/contracts/crm';
import { crmMappingEndpoints, crmRuleEndpoints, crmSettingsEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { ServerMessage } from '../../../http/messages';
import { route } from '../../../http/route';
import { currentCustomerId } from '../../../plugins/auth';
import * as settings from './service';

/**
 * The CRM settings calls (spec 001 section 7): account, source, field and label mapping, rules,
 * groups; code-style answers `{code: '200', message, data}`. Each works on the logged-in
 * customer's own settings.
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const deps: settings.SettingsDeps = { db: app.db, crm: app.crm };
  const answer = <T>(message: string, data: T) => ({ code: ResponseCode.Success, message, data });

  // Account and source
  route(app, crmSettingsEndpoints.account, async (request) =>
    answer(ServerMessage.Succeeded, await settings.getAccount(app.db, currentCustomerId(request), request.query.crmCode)),
  );
  route(app, crmSettingsEndpoints.saveAccount, async (request) =>
    answer(CrmMessage.SaveSucceeded, await settings.saveAccount(deps, currentCustomerId(request), request.body)),
  );
  route(app, crmSettingsEndpoints.syncEcSources, async (request) =>
    answer(CrmMessage.SyncSucceeded, await settings.syncEcSources(deps, currentCustomerId(request))),
  );
  route(app, crmSettingsEndpoints.staticFields, async () => answer(ServerMessage.Succeeded, settings.productFields()));
  route(app, crmSettingsEndpoints.creator, async (request) =>
    answer(ServerMessage.Succeeded, await settings.getCreator(app.db, currentCustomerId(request), request.query.crmCode)),
  );
  route(app, crmSettingsEndpoints.creatorCandidates, async (request) =>
    answer(ServerMessage.Succeeded, await settings.syncedStaff(app.db, currentCustomerId(request), 'ec')),
  );
  route(app, crmSettingsEndpoints.saveCreator, async (request) =>
    answer(CrmMessage.SaveSucceeded, await settings.saveCreator(app.db, currentCustomerId(request), request.body.crmCode, request.body.userId)),
  );
  route(app, crmSettingsEndpoints.syncStaff, async (request) =>
    answer(CrmMessage.SyncSucceeded, await settings.syncStaff(deps, currentCustomerId(request), request.query.crmCode)),
  );

  // Field mapping, per-project rule rows, templates
  route(app, crmMappingEndpoints.fieldMapping, async (request) =>
    answer(ServerMessage.Succeeded, await settings.getFieldMapping(app.db, currentCustomerId(request), request.query.crmCode, request.query.resType)),
  );
  route(app, crmMappingEndpoints.updateFieldMapping, async (request) =>
    answer(
      CrmMessage.UpdateSucceeded,
      await settings.updateFieldMapping(deps, currentCustomerId(request), request.query.crmCode, request.query.resType),
    ),
  );
  route(app, crmMappingEndpoints.saveFieldMapping, async (request) =>
    answer(
      CrmMessage.SaveSucceeded,
      await settings.saveFieldMapping(app.db, currentCustomerId(request), request.body.crmCode, request.body.resType, request.body.list),
    ),
  );
  route(app, crmMappingEndpoints.ecFieldMapping, async (request) =>
    answer(ServerMessage.Succeeded, await settings.getFieldMapping(app.db, currentCustomerId(request), 'ec', request.query.resType)),
  );
  route(app, crmMappingEndpoints.ecUpdateFieldMapping, async (request) =>
    answer(CrmMessage.UpdateSucceeded, await settings.updateFieldMapping(deps, currentCustomerId(request), 'ec', request.query.resType)),
  );
  route(app, crmMappingEndpoints.ecSaveFieldMapping, async (request) =>
    answer(
      CrmMessage.SaveSucceeded,
      await settings.saveFieldMapping(app.db, currentCustomerId(request), 'ec', request.body.resType, request.body.list),
    ),
  );
  route(app, crmMappingEndpoints.productFields, async () => answer(ServerMessage.Succeeded, settings.productFields()));
  route(app, crmMappingEndpoints.itemRules, async (request) =>
    answer(ServerMessage.Succeeded, await settings.listItemRules(app.db, currentCustomerId(request), request.query.crmCode)),
  );
  route(app, crmMappingEndpoints.saveItemRules, async (request) =>
    answer(CrmMessage.SaveSucceeded, await settings.saveItemRules(app.db, currentCustomerId(request), request.body.crmCode, request.body.list)),
  );
  route(app, crmMappingEndpoints.templateMappings, async (request) =>
    answer(ServerMessage.Succeeded, await settings.templateMappings(app.db, currentCustomerId(request))),
  );
  route(app, crmMappingEndpoints.templates, async (request) =>
    answer(ServerMessage.Succeeded, await settings.listTemplates(deps, currentCustomerId(request))),
  );
  route(app, crmMappingEndpoints.saveTemplateMapping, async (request) =>
    answer(
      CrmMessage.SaveSucceeded,
      await settings.saveTemplateMapping(app.db, currentCustomerId(request), request.body.crmTemplateId, request.body.type),
    ),
  );

  // Label mapping
  route(app, crmMappingEndpoints.labelMapping, async (request) =>
    answer(ServerMessage.Succeeded, await settings.getLabelMapping(app.db, currentCustomerId(request), request.query.crmCode)),
  );
  route(app, crmMappingEndpoints.updateLabels, async (request) =>
    answer(CrmMessage.UpdateSucceeded, await settings.updateLabels(deps, currentCustomerId(request), request.query.crmCode)),
  );
  route(app, crmMappingEndpoints.saveLabelMapping, async (request) =>
    answer(CrmMessage.SaveSucceeded, await settings.saveLabelMapping(app.db, currentCustomerId(request), request.body.crmCode, request.body.list)),
  );

  // Distribution rules and accept groups
  route(app, crmRuleEndpoints.rules, async (request) =>
    answer(ServerMessage.Succeeded, await settings.getRules(app.db, currentCustomerId(request), request.query.crmCode)),
  );
  route(app, crmRuleEndpoints.saveRules, async (request) =>
    answer(CrmMessage.SaveSucceeded, await settings.saveRules(app.db, currentCustomerId(request), request.body)),
  );
  route(app, crmRuleEndpoints.acceptGroups, async (request) =>
    answer(ServerMessage.Succeeded, await settings.acceptGroups(app.db, currentCustomerId(request))),
  );
  route(app, crmRuleEndpoints.saveAcceptGroups, async (request) =>
    answer(CrmMessage.SaveSucceeded, await settings.saveAcceptGroups(app.db, currentCustomerId(request), request.body)),
  );
};
