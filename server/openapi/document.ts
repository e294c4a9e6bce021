import {
  toJsonSchema,
  toJsonSchemaDefs,
  type ConversionConfig,
  type JsonSchema,
} from '@valibot/to-json-schema';
import * as v from 'valibot';
import { XSRF_COOKIE, XSRF_HEADER } from '#contract/auth';
import { ARRAY_DOCS } from '#contract/bounded';
import { API_BASE, ENDPOINTS, type Endpoint, type EndpointName } from '#contract/endpoints';
import { EnvelopeSchema, FieldErrorsSchema } from '#contract/envelope';
import { PERMISSIONS, type Action } from '#contract/permissions';
import { STATUS_MESSAGES } from '../http/envelope';
import { NAMED_RESULTS } from './named-results';

/*
 * The OpenAPI 3.1 document of the whole API, generated from contract/endpoints (every
 * call), contract/permissions (who may make it) and the contract's valibot schemas
 * (converted to JSON Schema 2020-12, the dialect OpenAPI 3.1 uses). Rules JSON Schema
 * can't express (checks, transforms, cross-field rules) are skipped, and their messages
 * kept in the schema's description, so the document still says what the server refuses.
 */

/** An OpenAPI document, as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
};

/** One operation of the document. */
export interface OpenApiOperation {
  operationId: EndpointName;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, unknown>;
  'x-permission': { action: Action; grants: Record<string, string> } | 'public';
}

const COMPONENT_REF = '#/components/schemas/';

/** Appends the messages of rules JSON Schema can't express to the description. */
const keepRuleMessages: ConversionConfig['overrideAction'] = ({ valibotAction, jsonSchema, errors }) => {
  if (!errors) return null;
  const message = (valibotAction as { message?: unknown }).message;
  if (typeof message !== 'string') return jsonSchema;
  const rule = `Rule: ${message}`;
  const current = jsonSchema.description;
  if (current?.includes(rule)) return jsonSchema;
  return { ...jsonSchema, description: current ? `${current} ${rule}` : rule };
};

/** JSON has no `undefined`: a union member that accepts it is dropped after conversion. */
const UNDEFINED = 'valibot: undefined';

const base: ConversionConfig = {
  target: 'draft-2020-12',
  errorMode: 'ignore',
  overrideAction: keepRuleMessages,
  overrideSchema: ({ valibotSchema }) => {
    if (valibotSchema.type === 'undefined') return { $comment: UNDEFINED };
    // An array whose length is checked before its elements are read (contract/bounded.ts).
    const docs = ARRAY_DOCS.get(valibotSchema);
    if (!docs) return null;
    return { type: 'array', items: convert(docs.item, INPUT), minItems: docs.min, maxItems: docs.max };
  },
};

/** Removes the `undefined` members of every anyOf, unwrapping an anyOf left with one member. */
function dropUndefined(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropUndefined);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = dropUndefined(value);
  if (Array.isArray(out.anyOf)) {
    const members = (out.anyOf as Record<string, unknown>[]).filter((m) => m.$comment !== UNDEFINED);
    if (members.length === 1) {
      delete out.anyOf;
      return { ...members[0], ...out };
    }
    out.anyOf = members;
  }
  return out;
}

/** What a client sends: conversion stops at the first transformation of each pipe. */
const INPUT: ConversionConfig = { ...base, typeMode: 'input' };
/** Query values as the server reads them (after coercion from text). */
const QUERY: ConversionConfig = { ...base, typeMode: 'output' };
/** What the server answers, with the named results referenced as components. */
const OUTPUT: ConversionConfig = {
  ...base,
  typeMode: 'output',
  definitions: NAMED_RESULTS,
  overrideRef: ({ referenceId }) => `${COMPONENT_REF}${referenceId}`,
};

/** Converts a schema; drops the root keywords that don't belong inside an OpenAPI document. */
function convert(schema: v.GenericSchema, config: ConversionConfig): JsonSchema {
  const { $schema: _schema, $defs: _defs, ...rest } = toJsonSchema(schema, config);
  return dropUndefined(rest) as JsonSchema;
}

/** `/orders/getorderbyid/:id` → `/orders/getorderbyid/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** The `:params` a path names. */
function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** The tag (domain) of a call: the first segment of its path. */
export function tagOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return TAGS.some((t) => t.name === first) ? first : 'meta';
}

const TAGS = [
  { name: 'accounts', description: 'Sign-in, sign-out, own password and own profile.' },
  { name: 'orders', description: 'Orders, dashboard counts, yearly sales and order history, store-scoped.' },
  { name: 'categories', description: 'The platform-wide categories.' },
  { name: 'items', description: 'The platform-wide items.' },
  { name: 'user', description: 'Users (BlueTikAdmin only).' },
  { name: 'roles', description: 'Roles and the master-catalog bulk insert (BlueTikAdmin only).' },
  { name: 'views', description: 'Saved views of a list: own, shared with the store or with everyone.' },
  { name: 'meta', description: 'Health and this description.' },
];

/** How a grant reads in prose. */
export const GRANT_TEXT = {
  all: 'yes (every store)',
  own: 'yes (own store / own account)',
  'if-add-category-items': 'yes when the user’s isAddCategoryItems is Yes',
  no: 'no (403)',
} as const;

/** The error responses, by component name: status and meaning. */
export const ERROR_RESPONSES = {
  BadRequest: [
    400,
    'The body, query or path is not valid (every validation message is listed, and result.fields names the key each is about), or a business rule refused it.',
  ],
  Unauthorized: [401, 'No token, or an expired or revoked one (login: wrong mobile number or password).'],
  Forbidden: [
    403,
    'The role may not do this (DECISIONS §2), or a state-changing call lacks the session’s CSRF header.',
  ],
  NotFound: [404, 'No such row, or a row outside the caller’s store (answered exactly alike).'],
  PayloadTooLarge: [413, 'The body is larger than the server accepts.'],
  UnsupportedMediaType: [415, 'A state-changing call whose body is not JSON.'],
  TooManyRequests: [
    429,
    'Too many failed password checks for this account (5) or sign-ins from this address (50) in 15 minutes; wait and try again.',
  ],
  ServiceUnavailable: [503, 'The database is unreachable.'],
  InternalError: [500, 'An unexpected failure (logged on the server with the request id).'],
} as const satisfies Record<string, readonly [keyof typeof STATUS_MESSAGES, string]>;
type ErrorName = keyof typeof ERROR_RESPONSES;

const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  description:
    'A failed call: isSuccess false and every message. result is null, or, when messages belong to fields of the payload, { fields }: each key with its messages (every one also in errorMessages).',
  properties: {
    isSuccess: { const: false },
    result: { anyOf: [{ type: 'null' }, convert(FieldErrorsSchema, OUTPUT)] },
    errorMessages: { type: 'array', items: { type: 'string' }, minItems: 1 },
  },
  required: ['isSuccess', 'result', 'errorMessages'],
};

function errorResponses(): Record<ErrorName, unknown> {
  const out = {} as Record<ErrorName, unknown>;
  for (const [name, [status, description]] of Object.entries(ERROR_RESPONSES) as [
    ErrorName,
    readonly [keyof typeof STATUS_MESSAGES, string],
  ][]) {
    out[name] = {
      description,
      content: {
        'application/json': {
          schema: { $ref: `${COMPONENT_REF}ErrorEnvelope` },
          example: { isSuccess: false, result: null, errorMessages: [STATUS_MESSAGES[status]] },
        },
      },
    };
  }
  return out;
}

const ref = (name: ErrorName) => ({ $ref: `#/components/responses/${name}` });

function securityOf(name: EndpointName): Record<string, string[]>[] {
  const { method, action } = ENDPOINTS[name];
  const requirement: Record<string, string[]> = {};
  if (action !== 'public') requirement.bearerAuth = [];
  if (method !== 'GET') Object.assign(requirement, { xsrfHeader: [], xsrfCookie: [] });
  return Object.keys(requirement).length ? [requirement] : [];
}

function permissionOf(name: EndpointName): OpenApiOperation['x-permission'] {
  const action = ENDPOINTS[name].action;
  if (action === 'public') return 'public';
  return { action, grants: { ...PERMISSIONS[action] } };
}

function describePermission(name: EndpointName): string {
  const permission = permissionOf(name);
  if (permission === 'public') return 'Public: no token needed.';
  const grants = Object.entries(permission.grants)
    .map(([role, grant]) => `${role}: ${GRANT_TEXT[grant as keyof typeof GRANT_TEXT]}`)
    .join('; ');
  return `Action \`${permission.action}\`. ${grants}.`;
}

function queryParameters(query: v.GenericSchema): Record<string, unknown>[] {
  const schema = convert(query, QUERY);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, property]) => ({
    name: key,
    in: 'query',
    required: required.has(key),
    schema: property,
  }));
}

function operationOf(name: EndpointName): OpenApiOperation {
  const doc: Endpoint = ENDPOINTS[name];
  const { method, path, action } = doc;
  const names = pathParams(path);
  const parameters = [
    ...names.map((param) => {
      const schema = doc.params?.entries[param];
      if (!schema) throw new Error(`openapi: ${name} has no schema for :${param}`);
      return { name: param, in: 'path', required: true, schema: convert(schema, QUERY) };
    }),
    ...(doc.query ? queryParameters(doc.query) : []),
  ];

  const responses: Record<string, unknown> = {};
  if (doc.raw) {
    responses['200'] = {
      description: doc.raw.description,
      content: {
        [doc.raw.contentType]: { schema: doc.raw.contentType === 'text/html' ? { type: 'string' } : {} },
      },
    };
  } else {
    // The contract's envelope around this call's result.
    // A list call answers its plain list or, with list keys in the query, a page.
    const result = doc.page && doc.result ? v.union([doc.result, doc.page]) : doc.result;
    const envelope = convert(EnvelopeSchema(result ?? v.unknown()), OUTPUT);
    if (!result && envelope.properties) {
      envelope.properties.result = { description: 'Not fixed by the contract yet.' };
    }
    responses['200'] = {
      description: 'Success: the envelope with isSuccess true and the result.',
      content: { 'application/json': { schema: envelope } },
    };
  }
  const validated = Boolean(doc.body || doc.query || names.length || name === 'login');
  if (validated) responses['400'] = ref('BadRequest');
  if (action !== 'public' || name === 'login') responses['401'] = ref('Unauthorized');
  if (action !== 'public' || method !== 'GET') responses['403'] = ref('Forbidden');
  if (names.length) responses['404'] = ref('NotFound');
  if (method !== 'GET') {
    responses['413'] = ref('PayloadTooLarge');
    responses['415'] = ref('UnsupportedMediaType');
  }
  if (name === 'login' || name === 'changePassword') responses['429'] = ref('TooManyRequests');
  if (name === 'health') responses['503'] = ref('ServiceUnavailable');
  responses['500'] = ref('InternalError');

  return {
    operationId: name,
    summary: doc.summary,
    description: describePermission(name),
    tags: [tagOf(path)],
    security: securityOf(name),
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: convert(doc.body, INPUT) } },
          },
        }
      : {}),
    responses,
    'x-permission': permissionOf(name),
  };
}

/** Builds the document (pure; callers cache it). */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const { method, path } = ENDPOINTS[name];
    const key = openApiPath(path);
    const item = (paths[key] ??= {});
    item[method.toLowerCase()] = operationOf(name);
  }

  const named = dropUndefined(toJsonSchemaDefs(NAMED_RESULTS, OUTPUT)) as Record<string, JsonSchema>;
  return {
    openapi: '3.1.0',
    info: {
      title: 'BlueTik back-office API',
      version: '1.0.0',
      description: [
        'Every call answers the envelope `{ isSuccess, result, errorMessages }`, errors included.',
        'Sign in with POST /accounts/login; send the token as `Authorization: Bearer <token>`.',
        `State-changing calls (every method but GET) also echo the \`${XSRF_COOKIE}\` cookie (named`,
        `\`__Host-${XSRF_COOKIE}\` over HTTPS) in the \`${XSRF_HEADER}\` header, and send JSON bodies only.`,
        'List calls answer the whole list without query parameters, and `{ rows, total, page, pageSize }`',
        'with any of them. Amounts are rupees; times are UTC ISO-8601.',
      ].join(' '),
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: API_BASE }],
    tags: TAGS,
    paths,
    components: {
      schemas: { ...named, ErrorEnvelope: ERROR_ENVELOPE },
      responses: errorResponses(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The token from POST /accounts/login (8 hours; 7 days with rememberme).',
        },
        xsrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description: `On every non-GET call: the value of the ${XSRF_COOKIE} cookie, bound to the session.`,
        },
        xsrfCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: XSRF_COOKIE,
          description: `Set by the server (\`__Host-${XSRF_COOKIE}\` over HTTPS); must match the header.`,
        },
      },
    },
  };
}
