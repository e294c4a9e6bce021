import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_HEADER } from '#contract/auth';
import { API_BASE, ENDPOINTS, type Endpoint, type EndpointName } from '#contract/endpoints';
import { PERMISSIONS } from '#contract/permissions';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers';
import { createApp, type App } from '../app';
import { freshDatabase, memoryLogger } from '../test/harness';
import { openApiPath, type OpenApiDocument, type OpenApiOperation } from './document';
import { escapeHtml } from './docs-page';

let app: App;
let drop: () => Promise<void>;
let doc: OpenApiDocument;
let html: string;
const names = Object.keys(ENDPOINTS) as EndpointName[];

beforeAll(async () => {
  // The description needs no data: an empty migrated database is enough.
  const fresh = await freshDatabase({ seed: false });
  drop = fresh.drop;
  app = createApp({
    db: fresh.db,
    tokenSecret: 'x'.repeat(43),
    logger: memoryLogger(),
    staticDir: '/nonexistent',
  });
  const json = await app.request('/api/openapi.json');
  expect(json.status).toBe(200);
  expect(json.headers.get('content-type')).toMatch(/^application\/json/);
  doc = JSON.parse(await json.text()) as OpenApiDocument;
  const page = await app.request('/api/docs');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  html = await page.text();
});
afterAll(() => drop());

const operationOf = (name: EndpointName): OpenApiOperation | undefined => {
  const { method, path } = ENDPOINTS[name];
  return doc.paths[openApiPath(path)]?.[method.toLowerCase()];
};

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document served without a token', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.servers).toEqual([{ url: API_BASE }]);
  });

  it('describes every call of the endpoint table, and nothing else', () => {
    const missing = names.filter((name) => operationOf(name)?.operationId !== name);
    expect(missing, 'ENDPOINTS entries missing from the OpenAPI document').toEqual([]);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.map((op) => op.operationId).sort()).toEqual([...names].sort());
  });

  it('declares every path parameter, and gives each call its permission and security', () => {
    for (const name of names) {
      const { method, path, action } = ENDPOINTS[name];
      const op = operationOf(name)!;
      const inPath = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath, name).toEqual([...path.matchAll(/:(\w+)/g)].map((m) => m[1]));

      const requirement = op.security[0] ?? {};
      expect('bearerAuth' in requirement, `${name} bearer`).toBe(action !== 'public');
      expect('xsrfHeader' in requirement, `${name} csrf`).toBe(method !== 'GET');
      if (action === 'public') expect(op['x-permission']).toBe('public');
      else expect(op['x-permission']).toEqual({ action, grants: PERMISSIONS[action] });

      expect(op.tags).toHaveLength(1);
      expect(op.responses['200'], name).toBeDefined();
      if (action !== 'public') {
        expect(op.responses['401'], name).toBeDefined();
        expect(op.responses['403'], name).toBeDefined();
      }
      if (method !== 'GET') expect(op.responses['415'], name).toBeDefined();
    }
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      xsrfHeader: { type: 'apiKey', in: 'header', name: XSRF_HEADER },
    });
  });

  it('wraps results in the envelope and describes bodies and queries from the contract', () => {
    const envelope = (name: EndpointName) =>
      (
        operationOf(name)!.responses['200'] as {
          content: Record<string, { schema: Record<string, unknown> }>;
        }
      ).content['application/json']!.schema;
    expect(envelope('getOrderById')).toMatchObject({
      type: 'object',
      properties: {
        isSuccess: { type: 'boolean' },
        result: { anyOf: [{ $ref: '#/components/schemas/Order' }, { type: 'null' }] },
        errorMessages: { type: 'array', items: { type: 'string' } },
      },
      required: ['isSuccess', 'result', 'errorMessages'],
    });
    // A failure's result: null, or the fields its messages belong to (record 070).
    expect(doc.components.schemas.ErrorEnvelope!.properties).toMatchObject({
      result: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            properties: {
              fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
            },
            required: ['fields'],
          },
        ],
      },
    });
    const login = operationOf('login')!.requestBody as {
      content: {
        'application/json': { schema: { properties: Record<string, unknown>; required: string[] } };
      };
    };
    const loginSchema = login.content['application/json'].schema;
    expect(loginSchema.required).toEqual(['username', 'password']);
    // A check JSON Schema can't express keeps its message.
    expect(loginSchema.properties.username).toMatchObject({
      type: 'string',
      description: expect.stringContaining('Mobile number should be 10 digit'),
    });
    const query = Object.fromEntries(
      (operationOf('listOrders')!.parameters ?? []).map((p) => [p.name, p] as const),
    );
    expect(query.pageSize).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 500 },
    });
    expect(query.sort?.schema).toMatchObject({ enum: expect.arrayContaining(['createdDate']) });
    expect(Object.keys(query)).toEqual(
      expect.arrayContaining(['page', 'status', 'paymentType', 'isSettled', 'from', 'to', 'store']),
    );
  });

  it('documents an array counted before its elements (contract/bounded.ts) with its element schema and bounds', () => {
    const body = (
      operationOf('createOrder')!.requestBody as {
        content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
      }
    ).content['application/json'].schema;
    expect(body.properties.lines).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: { type: 'object', required: ['itemId', 'itemsCount'] },
    });
    const status = (operationOf('listOrders')!.parameters ?? []).find((p) => p.name === 'status');
    expect(status?.schema).toMatchObject({
      anyOf: expect.arrayContaining([expect.objectContaining({ type: 'array', maxItems: 50 })]),
    });
  });

  it('names a result schema for every call', () => {
    const withoutResult = names.filter((name) => {
      const entry: Endpoint = ENDPOINTS[name];
      return !entry.raw && !entry.result;
    });
    expect(withoutResult).toEqual([]);
  });

  it('has no dangling references', () => {
    const text = JSON.stringify(doc);
    for (const [, kind, name] of text.matchAll(/"#\/components\/(\w+)\/(\w+)"/g)) {
      const section = (doc.components as Record<string, Record<string, unknown>>)[kind!];
      expect(section?.[name!], `${kind}/${name}`).toBeDefined();
    }
  });
});

describe('GET /api/docs', () => {
  it('lists every call with its method, path and permission', () => {
    for (const name of names) {
      const { method, path, action } = ENDPOINTS[name];
      const heading = `<code>${method} ${escapeHtml(API_BASE + openApiPath(path))}</code>`;
      expect(html, name).toContain(heading);
      expect(html, name).toContain(`<section id="${name}"`);
      if (action !== 'public') expect(html).toContain(`<code>${action}</code>`);
    }
  });

  it('has no inline script or style (the CSP allows neither)', () => {
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=|javascript:/i);
  });

  it('answers the same cached page on every request', async () => {
    const again = await app.request('/api/docs');
    expect(await again.text()).toBe(html);
  });
});
