import { endpointQuery, endpointRequest, type EndpointResult } from '@portal/api-client';
import { crmMappingEndpoints } from '@portal/contracts/endpoints';
import { crmApi } from '../../api/crmApi';

type TemplateMapping = EndpointResult<typeof crmMappingEndpoints.saveTemplateMapping>;

/** ec template config: which CRM template each of our types (1 form, 2 smart chat) goes to, and ec's templates. */
export const templateApi = crmApi.injectEndpoints({
  endpoints: (build) => ({
    getTemplateMappings: build.query({ ...endpointQuery(crmMappingEndpoints.templateMappings), providesTags: ['Template'] }),
    getTemplates: build.query({ ...endpointQuery(crmMappingEndpoints.templates), providesTags: ['Template'] }),
    saveTemplateMapping: build.mutation<TemplateMapping, { crmTemplateId: string; type: '1' | '2' }>({
      query: (body) => endpointRequest(crmMappingEndpoints.saveTemplateMapping, { body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Template']),
    }),
  }),
});

export const { useGetTemplateMappingsQuery, useGetTemplatesQuery, useSaveTemplateMappingMutation } = templateApi;
