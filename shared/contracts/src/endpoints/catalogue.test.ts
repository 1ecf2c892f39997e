import { z } from 'zod';
import { catalogue, catalogueEntries, endpoint, fillPath, listEndpoints, pathParamNames, publicFormEndpoints } from '.';
import { SITE_FORM_PATHS } from '../public/site';

const entries = catalogueEntries();

describe('the endpoint catalogue', () => {
  it('holds every module and a sensible number of calls', () => {
    expect(Object.keys(catalogue)).toEqual([
      'auth',
      'account',
      'platform',
      'workbench',
      'content',
      'leads',
      'assign',
      'messages',
      'ingest',
      'reports',
      'crm',
      'schedule',
      'publicContent',
      'publicForms',
      'mall',
      'help',
      'chat',
    ]);
    expect(entries.length).toBeGreaterThan(60);
  });

  it('names each method and path once', () => {
    const keys = entries.map(({ endpoint: { method, path } }) => `${method} ${path}`);
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
  });

  it('writes paths as the spec does: from /, {name} parameters, no fastify syntax, no trailing or double slash', () => {
    const bad = entries.filter(
      ({ endpoint: { path } }) => !/^\/[A-Za-z0-9\-_./{}]*[A-Za-z0-9}]$/.test(path) || path.includes('//') || path.includes(':'),
    );
    expect(bad.map(({ name }) => name)).toEqual([]);
    // Grepping a spec path finds its entry.
    const paths = new Set(entries.map(({ endpoint }) => endpoint.path));
    for (const spec of [
      '/customer/feedback/feedbacks/{id}/read',
      '/customer/feedback/resource-distribution/ids/del-status',
      '/es/eccutomerdistribute/AssignResourcesManuallyByThridPush',
    ])
      expect(paths).toContain(spec);
  });

  it('has a params schema exactly when the path has parameters, with the same names', () => {
    for (const { name, endpoint: entry } of entries) {
      const names = pathParamNames(entry.path);
      if (names.length === 0) {
        expect([name, entry.params]).toEqual([name, undefined]);
      } else {
        expect(entry.params).toBeInstanceOf(z.ZodObject);
        expect([name, Object.keys((entry.params as z.ZodObject).shape).sort()]).toEqual([name, [...names].sort()]);
      }
    }
  });

  it('gives every answer its schema: a file has content types and no schema, the others a response schema', () => {
    for (const { name, endpoint: entry } of entries) {
      if (entry.answer === 'file') {
        expect([name, entry.response, (entry.produces ?? []).length > 0]).toEqual([name, undefined, true]);
      } else {
        expect([name, entry.response instanceof z.ZodType]).toEqual([name, true]);
      }
    }
  });

  it('has answer schemas without transforms or defaults, so that a client parses what the server wrote', () => {
    // The server serializes through the schema and the client parses the result again: both ends
    // must read the same shape (additionalProperties aside, which only the output mode writes).
    const shape = (schema: z.ZodType, io: 'input' | 'output') => {
      try {
        return JSON.stringify(z.toJSONSchema(schema, { io })).replace(/,?"additionalProperties":(false|\{\})/g, '');
      } catch (error) {
        return `unrepresentable: ${(error as Error).message}`;
      }
    };
    const asymmetric = entries.filter(({ endpoint: entry }) => entry.response && shape(entry.response, 'input') !== shape(entry.response, 'output'));
    expect(asymmetric.map(({ name }) => name)).toEqual([]);
  });

  it('sends bodies only with POST, PUT and DELETE, and queries only where the call reads them', () => {
    const getsWithBody = entries.filter(({ endpoint: entry }) => entry.method === 'GET' && entry.body !== undefined);
    expect(getsWithBody.map(({ name }) => name)).toEqual([]);
    const pages = entries.filter(({ endpoint: entry }) => entry.answer === 'page');
    // A page reads page and pageSize (beside what it requires: a search its words).
    const required: Record<string, Record<string, string>> = { 'help.search': { q: '充值' } };
    for (const { name, endpoint: entry } of pages)
      expect([name, entry.query?.safeParse({ page: '2', pageSize: '10', ...required[name] }).success]).toEqual([name, true]);
  });

  it('marks side effects only on GETs called through the client: a state-changing method is guarded by its method', () => {
    // The mark makes the server require X-Requested-With, which only the api-client sends: a
    // download (`file`) is opened by navigation, and a call without a session has no cookie to ride on.
    const marked = entries.filter(({ endpoint: entry }) => entry.sideEffects);
    expect(marked.length).toBeGreaterThan(0);
    expect(
      marked.filter(({ endpoint: entry }) => entry.method !== 'GET' || entry.answer === 'file' || entry.auth !== 'login').map(({ name }) => name),
    ).toEqual([]);
  });

  it('documents every entry with a tag and a Chinese summary', () => {
    const undocumented = entries.filter(({ endpoint: entry }) => !entry.tag || !/[\u4e00-\u9fff]/.test(entry.summary));
    expect(undocumented.map(({ name }) => name)).toEqual([]);
  });

  it('defaults to the logged-in session; the public calls are named', () => {
    const open = entries.filter(({ endpoint: entry }) => entry.auth !== 'login').map(({ name, endpoint: entry }) => `${name} ${entry.auth}`);
    expect(open).toEqual([
      'auth.login public',
      'auth.ssoLogin public',
      'auth.logout public',
      'auth.forcedPasswordChange public',
      'content.banner public',
      'content.publicBanner public',
      'content.casePicture public',
      'content.caseThumbnail public',
      'ingest.lead ingestKey',
      'ingest.dailyFigures ingestKey',
      // The visitor site: its content, and the forms a visitor sends.
      'publicContent.site public',
      'publicContent.home public',
      'publicContent.cases public',
      'publicContent.case public',
      'publicContent.articles public',
      'publicContent.article public',
      'publicContent.industry public',
      'publicContent.about public',
      'publicContent.positions public',
      'publicForms.message public',
      'publicForms.survey public',
      'publicForms.strategySurvey public',
      'publicForms.strategySurveyReport public',
      // The chat widget on customers' landing pages (its conversation token in X-Chat-Token).
      'chat.start public',
      'chat.visitorMessages public',
      'chat.visitorSend public',
      'chat.visitorPhone public',
    ]);
  });
});

describe('endpoint helpers', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath('/customer/feedback/feedbacks/{id}/read', { id: 7 })).toBe('/customer/feedback/feedbacks/7/read');
    expect(fillPath('/a/{x}/{y}', { x: 'a b', y: '1/2' })).toBe('/a/a%20b/1%2F2');
    expect(fillPath('/customer/login')).toBe('/customer/login');
    expect(() => fillPath('/a/{id}', {})).toThrow('{id}');
  });

  it('lists the parameters of a path in order', () => {
    expect(pathParamNames('/es/crmuser/list/{itemId}/{date}')).toEqual(['itemId', 'date']);
    expect(pathParamNames('/customer/login')).toEqual([]);
  });

  it('lists nested groups with dotted names and defaults auth, status, errors and side effects', () => {
    const one = endpoint({ method: 'GET', path: '/x', tag: 't', summary: '一', answer: 'json', response: z.null() });
    expect(one).toMatchObject({ auth: 'login', status: 200, errors: [], sideEffects: false });
    expect(listEndpoints({ a: one, b: { c: one } }).map(({ name }) => name)).toEqual(['a', 'b.c']);
  });

  it("spells the site forms' paths as their entries do (the forms post to them without a script)", () => {
    const at = (entry: { path: string }) => `/rest${entry.path}`;
    expect(SITE_FORM_PATHS).toEqual({
      message: { visitor: at(publicFormEndpoints.message), customer: at(publicFormEndpoints.customerMessage) },
      survey: { visitor: at(publicFormEndpoints.survey), customer: at(publicFormEndpoints.customerSurvey) },
      plan: { visitor: at(publicFormEndpoints.strategySurvey), customer: at(publicFormEndpoints.customerStrategySurvey) },
    });
  });
});
