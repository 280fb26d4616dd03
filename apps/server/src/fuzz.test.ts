// Fuzz over every registered API route (issue 10, Acceptance): the routes and their query/body fields come from
// the OpenAPI document that @fastify/swagger builds from the zod schemas, so a new route or field is covered
// without editing this file. Each field gets the inputs an attacker tries, the others a valid value; the server
// must never answer 5xx, and every non-2xx answer is the envelope with a Chinese errMsg and no internals.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { seededApp } from './testing.ts';

const seeded = seededApp();

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Field {
  name: string;
  required: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  /** 'query' for GET routes, 'body' for JSON bodies. */
  where: 'query' | 'body';
  fields: Field[];
}

/** Inputs of issue 10 for any field; query strings send them as text, bodies as JSON values. */
const BAD_TEXT = [
  '2147483648',
  '99999999999999999999',
  '99999999999999999999-',
  '-99999999999999999999',
  '-1',
  '0',
  '0x10',
  '1e3',
  ' 5 ',
  '1.0',
  '\u0000',
  'a\u0000b',
  '0000-01',
  '0000-01-01',
  '9999-12',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '西'.repeat(5000),
  'x'.repeat(20_000),
];
const BAD_JSON: unknown[] = [
  2147483648,
  1e21,
  -1,
  0,
  1.5,
  true,
  null,
  {},
  [],
  [1, 2],
  'abc',
  '\u0000',
  Number.MAX_VALUE,
];
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
/** Bodies that are not the JSON object a route expects: [what, content-type, payload]. */
const RAW_BODIES: [string, string, string | null][] = [
  ['bad JSON', 'application/json', '{"id":'],
  ['JSON array', 'application/json', '[1]'],
  ['JSON string', 'application/json', '"x"'],
  ['no body', 'application/json', null],
  ['text', 'text/plain', 'id=1'],
  ['form', 'application/x-www-form-urlencoded', 'id=1'],
  ['XML', 'application/xml', '<id>1</id>'],
  ['too large', 'application/json', JSON.stringify({ id: 1, pad: 'x'.repeat(1_100_000) })],
];

const CJK = /[\u4e00-\u9fff]/;
/** Words that would betray internals: stack frames, error classes, SQL, file names, zod's English. */
const INTERNALS =
  /(Error\b|FST_|node_modules|\.ts\b|\.js\b|\bat\s+\S+\s*\(|stack|SELECT|INSERT|postgres|pglite|relation|syntax|Invalid input|expected|Required|not found)/i;
const INTERNAL_WORDS = /\b(undefined|NaN|null)\b/;

function operations(app: FastifyInstance): Operation[] {
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.includes('{')) continue; // the catch-all 404s, fuzzed separately below
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      };
      const body = op.requestBody?.content['application/json']?.schema;
      const fields: Field[] = body
        ? Object.entries(body.properties ?? {}).map(([name, schema]) => ({
            name,
            required: body.required?.includes(name) ?? false,
            schema,
          }))
        : (op.parameters ?? [])
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema }));
      ops.push({ method: method.toUpperCase(), path, where: body ? 'body' : 'query', fields });
    }
  }
  return ops;
}

/** Valid values to try for a required field, best guess first (ids of the seeded data, then the schema's own). */
function candidates(field: Field, known: Record<string, number>): unknown[] {
  const s = field.schema;
  const out: unknown[] = [];
  if (known[field.name] !== undefined) out.push(known[field.name]);
  if (s.default !== undefined) out.push(s.default);
  if (s.enum?.length) out.push(...s.enum);
  if (s.minimum !== undefined) out.push(Math.max(1, s.minimum));
  out.push(known.estateId, 1, 2, 8, 605, 'video');
  return out;
}

function request(op: Operation, values: Record<string, unknown>): InjectOptions {
  if (op.where === 'body') return { method: op.method as 'POST', url: op.path, payload: values as object };
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(values)) query[k] = Array.isArray(v) ? v.map(String) : String(v);
  return { method: op.method as 'GET', url: op.path, query };
}

interface Finding {
  what: string;
  status: number;
  body: string;
}

function judge(what: string, status: number, contentType: string | undefined, body: string): Finding | null {
  if (status >= 500) return { what, status, body: body.slice(0, 200) };
  if (status < 300 || what.startsWith('HEAD ')) return null; // HEAD answers carry no body
  let json: { resultCode?: unknown; errMsg?: unknown; body?: unknown };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    return { what, status, body: `not JSON (${contentType ?? '?'}): ${body.slice(0, 200)}` };
  }
  const errMsg = typeof json.errMsg === 'string' ? json.errMsg : '';
  const ok =
    (contentType ?? '').includes('application/json') &&
    typeof json.resultCode === 'number' &&
    json.resultCode !== 0 &&
    CJK.test(errMsg) &&
    !INTERNALS.test(errMsg) &&
    !INTERNAL_WORDS.test(errMsg) &&
    json.body === null;
  return ok ? null : { what, status, body: body.slice(0, 200) };
}

describe('API fuzz over every registered route', () => {
  it('answers every bad input with a Chinese envelope, never 5xx', { timeout: 120_000 }, async () => {
    const { app } = seeded;
    const areas = (await app.inject('/rabbit/v1/app/house/areaList?cityId=605')).json() as {
      body: { list: { id: number; children?: { id: number }[] }[] };
    };
    const estates = (await app.inject('/rabbit/v1/estate/list?cityId=605&size=1')).json() as {
      body: { list: { id: number }[] };
    };
    const district = areas.body.list[0]!;
    const estateId = estates.body.list[0]!.id;
    const known: Record<string, number> = {
      cityId: 605,
      houseId: estateId,
      estateId,
      districtId: district.id,
      plateId: district.children?.[0]?.id ?? 1,
      parentId: district.id,
    };

    const ops = operations(app);
    expect(ops.length).toBeGreaterThan(40);
    const findings: Finding[] = [];
    let sent = 0;
    const send = async (what: string, options: InjectOptions) => {
      sent++;
      const res = await app.inject(options);
      const finding = judge(what, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
      if (finding) findings.push(finding);
      return res.statusCode;
    };

    for (const op of ops) {
      // A valid request first: each required field takes the first candidate the route accepts.
      const base: Record<string, unknown> = {};
      for (const f of op.fields.filter((f) => f.required)) base[f.name] = candidates(f, known)[0];
      for (const f of op.fields.filter((f) => f.required)) {
        for (const value of candidates(f, known)) {
          const res = await app.inject(request(op, { ...base, [f.name]: value }));
          if (res.statusCode !== 400) {
            base[f.name] = value;
            break;
          }
        }
      }
      const where = `${op.method} ${op.path}`;
      for (const f of op.fields) {
        const values: unknown[] = op.where === 'body' ? [...BAD_TEXT, ...BAD_JSON] : [...BAD_TEXT, ['1', '2']];
        for (const value of values) {
          await send(
            `${where} ${f.name}=${JSON.stringify(value).slice(0, 40)}`,
            request(op, { ...base, [f.name]: value }),
          );
        }
      }
      // Missing required fields, unknown fields, other methods.
      await send(`${where} (empty)`, request(op, {}));
      await send(`${where} +unknown`, request(op, { ...base, zzz: '\u0000' }));
      for (const method of OTHER_METHODS.filter((m) => m !== op.method)) {
        await send(`${method} ${op.path}`, { method, url: op.path });
      }
      if (op.where === 'body') {
        for (const [what, type, payload] of RAW_BODIES) {
          const headers = { 'content-type': type };
          await send(`${where} ${what}`, { method: 'POST', url: op.path, headers, ...(payload ? { payload } : {}) });
        }
      }
    }
    // Paths outside the routes: unknown, malformed percent-encoding, the docs' static files, odd methods.
    for (const url of [
      '/rabbit/v1/no/such/thing',
      '/rabbit/v1/%E0%A4%A',
      '/rabbit/v1/estate/%E0%A4%A?cityId=605',
      '/rabbit/v1/docs/static/x',
      '/rabbit/v1/docs/x',
      '/rabbit/v1/estate/list/..%2f..%2fetc%2fpasswd',
    ]) {
      for (const method of ['GET', 'POST', 'PROPFIND', 'SEARCH'] as const)
        await send(`${method} ${url}`, { method, url });
    }
    expect(sent).toBeGreaterThan(3000);
    expect(findings.slice(0, 40), `${findings.length} of ${sent} requests answered badly`).toEqual([]);
  });
});
