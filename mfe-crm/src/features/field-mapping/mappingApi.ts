import { endpointQuery, endpointRequest } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import type { FieldMapping } from '@portal/contracts/crm';
import {
  crmMappingEndpoints,
  crmRuleEndpoints,
  crmSettingsEndpoints,
  platformEndpoints,
  type SchemaInput,
  type SchemaOutput,
} from '@portal/contracts/endpoints';
import { crmApi, type CrmTagType } from '../../api/crmApi';

type Body<E extends { body?: unknown }> = SchemaInput<NonNullable<E['body']>>;
type Answer<E extends { response: unknown }> = SchemaOutput<E['response']>;

export type MappingResTypeValue = 1 | 2;
export interface FieldMappingArgs {
  crmCode: CrmCode;
  resType: MappingResTypeValue;
}

export type FieldMappingSaveBody = Body<typeof crmMappingEndpoints.saveFieldMapping>;
export type LabelMapping = Answer<typeof crmMappingEndpoints.labelMapping>;
export type LabelMappingSaveBody = Body<typeof crmMappingEndpoints.saveLabelMapping>;
export type ItemRule = Answer<typeof crmMappingEndpoints.itemRules>[number];
export type ItemRuleSaveBody = Body<typeof crmMappingEndpoints.saveItemRules>;
export type DistributeRuleAnswer = Answer<typeof crmRuleEndpoints.rules>;
export type DistributeRuleSaveBody = Body<typeof crmRuleEndpoints.saveRules>;
export type AcceptGroup = Answer<typeof crmRuleEndpoints.acceptGroups>[number];
export type AcceptGroupSaveBody = Body<typeof crmRuleEndpoints.saveAcceptGroups>;
/** A product field a mapping of the CRM can take: `{wyFCode, wyFName, wyFType}`. */
export type StaticField = Answer<typeof crmSettingsEndpoints.staticFields>[number];

/** What a successful call makes stale (nothing when it failed). */
const stale =
  (...tags: CrmTagType[]) =>
  (_result: unknown, error: unknown): CrmTagType[] =>
    error ? [] : tags;

/**
 * The mapping and rule tabs' calls (spec 001 section 7 "Field mapping", "Label mapping",
 * "Distribution rules and groups"), each a catalogue entry; the CRM's static field list
 * (`crmstaticfield/listByCrmCode`, section 7 "CRM account and source"): the product fields of
 * 字段配置's pickers; and the account's projects and channels for their pickers. 'Update data' and saves answer the new state, and the tab's query
 * asks again; a saved field mapping may complete the account's info step ('Account'), and
 * 'update data' of the fields brings the CRM's sources too ('Source'). A deleted accept group
 * takes its rule rows with it ('Rule').
 */
export const mappingApi = crmApi.injectEndpoints({
  endpoints: (build) => ({
    getFieldMapping: build.query<FieldMapping, FieldMappingArgs>({
      query: (query) => endpointRequest(crmMappingEndpoints.fieldMapping, { query }),
      providesTags: ['FieldMapping'],
    }),
    updateFieldMapping: build.mutation<FieldMapping, FieldMappingArgs>({
      query: (query) => endpointRequest(crmMappingEndpoints.updateFieldMapping, { query }),
      invalidatesTags: stale('FieldMapping', 'Source'),
    }),
    saveFieldMapping: build.mutation<FieldMapping, FieldMappingSaveBody>({
      query: (body) => endpointRequest(crmMappingEndpoints.saveFieldMapping, { body }),
      invalidatesTags: stale('FieldMapping', 'Account'),
    }),
    // The choices of the product field pickers, per CRM.
    getStaticFields: build.query({
      ...endpointQuery(crmSettingsEndpoints.staticFields, (crmCode: CrmCode) => ({ query: { crmCode } })),
    }),
    getItemRules: build.query<ItemRule[], CrmCode>({
      query: (crmCode) => endpointRequest(crmMappingEndpoints.itemRules, { query: { crmCode } }),
      providesTags: ['ItemRule'],
    }),
    saveItemRules: build.mutation<ItemRule[], ItemRuleSaveBody>({
      query: (body) => endpointRequest(crmMappingEndpoints.saveItemRules, { body }),
      invalidatesTags: stale('ItemRule'),
    }),
    getLabelMapping: build.query<LabelMapping, CrmCode>({
      query: (crmCode) => endpointRequest(crmMappingEndpoints.labelMapping, { query: { crmCode } }),
      providesTags: ['LabelMapping'],
    }),
    updateLabels: build.mutation<LabelMapping, CrmCode>({
      query: (crmCode) => endpointRequest(crmMappingEndpoints.updateLabels, { query: { crmCode } }),
      invalidatesTags: stale('LabelMapping'),
    }),
    saveLabelMapping: build.mutation<LabelMapping, LabelMappingSaveBody>({
      query: (body) => endpointRequest(crmMappingEndpoints.saveLabelMapping, { body }),
      invalidatesTags: stale('LabelMapping'),
    }),
    getRules: build.query<DistributeRuleAnswer, CrmCode>({
      query: (crmCode) => endpointRequest(crmRuleEndpoints.rules, { query: { crmCode } }),
      providesTags: ['Rule'],
    }),
    saveRules: build.mutation<DistributeRuleAnswer, DistributeRuleSaveBody>({
      query: (body) => endpointRequest(crmRuleEndpoints.saveRules, { body }),
      invalidatesTags: stale('Rule'),
    }),
    getAcceptGroups: build.query({ ...endpointQuery(crmRuleEndpoints.acceptGroups), providesTags: ['AcceptGroup'] }),
    saveAcceptGroups: build.mutation<AcceptGroup[], AcceptGroupSaveBody>({
      query: (body) => endpointRequest(crmRuleEndpoints.saveAcceptGroups, { body }),
      invalidatesTags: stale('AcceptGroup', 'Rule'),
    }),
    // Named apart from any other feature's project list, so that the injections never collide.
    getMappingProjects: build.query({ ...endpointQuery(platformEndpoints.items) }),
    getMappingChannels: build.query({ ...endpointQuery(platformEndpoints.channels) }),
  }),
});

export const {
  useGetFieldMappingQuery,
  useUpdateFieldMappingMutation,
  useSaveFieldMappingMutation,
  useGetStaticFieldsQuery,
  useGetItemRulesQuery,
  useSaveItemRulesMutation,
  useGetLabelMappingQuery,
  useUpdateLabelsMutation,
  useSaveLabelMappingMutation,
  useGetRulesQuery,
  useSaveRulesMutation,
  useGetAcceptGroupsQuery,
  useSaveAcceptGroupsMutation,
  useGetMappingProjectsQuery,
  useGetMappingChannelsQuery,
} = mappingApi;
