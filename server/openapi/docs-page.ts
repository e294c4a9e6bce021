import { API_BASE, ENDPOINTS, type EndpointName } from '#contract/endpoints';
import { ROLES } from '#contract/enums';
import { PERMISSIONS, type Action } from '#contract/permissions';
import {
  ERROR_RESPONSES,
  GRANT_TEXT,
  openApiPath,
  type OpenApiDocument,
  type OpenApiOperation,
} from './document';

/*
 * /api/docs: the OpenAPI document as a plain HTML page, rendered on the server. The
 * Content-Security-Policy allows no inline script or style, so the page is semantic HTML
 * only (headings, tables, definition lists, <details> for the schemas) and reads well
 * with the browser's own styles.
 */

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Escapes `text`, then shows its Markdown `code spans` as <code>. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** A schema as indented JSON, with component references turned into links. */
function schemaBlock(schema: unknown): string {
  const json = escapeHtml(JSON.stringify(schema, null, 2));
  const linked = json.replace(
    /&quot;#\/components\/schemas\/(\w+)&quot;/g,
    (_, name: string) => `&quot;<a href="#schema-${name}">#/components/schemas/${name}</a>&quot;`,
  );
  return `<pre><code>${linked}</code></pre>`;
}

function details(summary: string, schema: unknown): string {
  return `<details><summary>${escapeHtml(summary)}</summary>${schemaBlock(schema)}</details>`;
}

function permissionCell(name: EndpointName): string {
  const action = ENDPOINTS[name].action;
  if (action === 'public') return 'Public: no token needed.';
  const grants = ROLES.map(
    (role) => `<li>${role}: ${escapeHtml(GRANT_TEXT[PERMISSIONS[action][role]])}</li>`,
  ).join('');
  return `<code>${action}</code><ul>${grants}</ul>`;
}

function authCell(op: OpenApiOperation): string {
  const requirement = op.security[0];
  if (!requirement) return 'None.';
  const parts: string[] = [];
  if ('bearerAuth' in requirement) parts.push('<code>Authorization: Bearer &lt;token&gt;</code>');
  if ('xsrfHeader' in requirement)
    parts.push('<code>X-XSRF-TOKEN</code> header echoing the <code>XSRF-TOKEN</code> cookie');
  return `${parts.join('; ')}.`;
}

function parametersCell(op: OpenApiOperation, where: 'path' | 'query'): string | null {
  const params = (op.parameters ?? []).filter((p) => p.in === where);
  if (!params.length) return null;
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td>${schemaBlock(p.schema)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th scope="col">Name</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function endpointSection(name: EndpointName, op: OpenApiOperation): string {
  const { method, path } = ENDPOINTS[name];
  const full = `${API_BASE}${openApiPath(path)}`;
  const rows: [string, string][] = [
    ['Name', `<code>${name}</code>`],
    ['Permission', permissionCell(name)],
    ['Sends', authCell(op)],
  ];
  const pathParams = parametersCell(op, 'path');
  if (pathParams) rows.push(['Path parameters', pathParams]);
  const queryParams = parametersCell(op, 'query');
  if (queryParams) rows.push(['Query parameters', queryParams]);
  const body = (op.requestBody?.content as Record<string, { schema: unknown }> | undefined)?.[
    'application/json'
  ];
  if (body) rows.push(['Request body (JSON)', details('JSON Schema', body.schema)]);
  const ok = op.responses['200'] as { description: string; content: Record<string, { schema: unknown }> };
  const [type, media] = Object.entries(ok.content)[0] ?? ['', { schema: {} }];
  const result = (media.schema as { properties?: { result?: { anyOf?: unknown[] } } }).properties?.result;
  if (type === 'application/json' && result) {
    // The envelope is the same for every call; show what this call puts in `result`.
    const shown = result.anyOf?.length === 2 ? result.anyOf[0] : result;
    rows.push(['Result (inside the envelope)', details('JSON Schema', shown)]);
  } else {
    rows.push(['Response 200', `${escapeHtml(ok.description)} (<code>${escapeHtml(type)}</code>)`]);
  }
  const errors = Object.keys(op.responses).filter((s) => s !== '200');
  rows.push(['Errors', errors.map((s) => `<a href="#status-${s}">${s}</a>`).join(', ')]);

  return [
    `<section id="${name}" aria-labelledby="${name}-title">`,
    `<h3 id="${name}-title"><code>${method} ${escapeHtml(full)}</code></h3>`,
    `<p>${prose(op.summary)}</p>`,
    `<dl>${rows.map(([dt, dd]) => `<dt>${dt}</dt><dd>${dd}</dd>`).join('')}</dl>`,
    `</section>`,
  ].join('\n');
}

function permissionTable(): string {
  const head = `<tr><th scope="col">Action</th>${ROLES.map((r) => `<th scope="col">${r}</th>`).join('')}</tr>`;
  const rows = (Object.keys(PERMISSIONS) as Action[])
    .map(
      (action) =>
        `<tr><th scope="row"><code>${action}</code></th>${ROLES.map(
          (role) => `<td>${escapeHtml(GRANT_TEXT[PERMISSIONS[action][role]])}</td>`,
        ).join('')}</tr>`,
    )
    .join('\n');
  return `<table><caption>Who may do what (deny by default)</caption><thead>${head}</thead><tbody>${rows}</tbody></table>`;
}

/** Renders the page from the document. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const info = doc.info as { title: string; version: string; description: string };
  const tags = doc.tags as { name: string; description: string }[];
  const operations = new Map<EndpointName, OpenApiOperation>();
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) operations.set(op.operationId, op);
  }
  const byTag = tags.map((tag) => ({
    tag,
    names: [...operations.values()].filter((op) => op.tags[0] === tag.name).map((op) => op.operationId),
  }));

  const toc = byTag
    .map(
      ({ tag, names }) =>
        `<li><a href="#tag-${tag.name}">${tag.name}</a><ul>${names
          .map(
            (n) =>
              `<li><a href="#${n}"><code>${ENDPOINTS[n].method} ${escapeHtml(API_BASE + openApiPath(ENDPOINTS[n].path))}</code></a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('\n');

  const sections = byTag
    .map(
      ({ tag, names }) =>
        `<section id="tag-${tag.name}" aria-labelledby="tag-${tag.name}-title"><h2 id="tag-${tag.name}-title">${tag.name}</h2><p>${escapeHtml(tag.description)}</p>\n` +
        names.map((n) => endpointSection(n, operations.get(n)!)).join('\n') +
        `</section>`,
    )
    .join('\n');

  const statusList = Object.values(ERROR_RESPONSES)
    .map(([status, text]) => `<dt id="status-${status}">${status}</dt><dd>${escapeHtml(text)}</dd>`)
    .join('');

  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<section id="schema-${name}" aria-labelledby="schema-${name}-title"><h3 id="schema-${name}-title">${name}</h3>${schemaBlock(schema)}</section>`,
    )
    .join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title>
</head>
<body>
<header>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${prose(info.description)}</p>
<p>Machine-readable: <a href="${API_BASE}/openapi.json">${API_BASE}/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
</header>
<nav aria-label="Endpoints"><h2>Endpoints</h2><ul>
${toc}
<li><a href="#permissions">Permissions</a></li><li><a href="#errors">Errors</a></li><li><a href="#schemas">Schemas</a></li>
</ul></nav>
<main>
${sections}
<section id="permissions" aria-labelledby="permissions-title"><h2 id="permissions-title">Permissions</h2>${permissionTable()}</section>
<section id="errors" aria-labelledby="errors-title"><h2 id="errors-title">Errors</h2>
<p>Every error is the envelope with <code>isSuccess</code> false, <code>result</code> null and every message.</p>
<dl>${statusList}</dl></section>
<section id="schemas" aria-labelledby="schemas-title"><h2 id="schemas-title">Schemas</h2>
${schemas}
</section>
</main>
</body>
</html>
`;
}
