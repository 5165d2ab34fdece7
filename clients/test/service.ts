/**
 * The one `npm start` every client test talks to: a real server process (real solver, real handlers,
 * embedded DynamoDB), with the public tier's limits lifted so the suites never run into them, and a
 * `starter` key whose window is 1 call per 3 s, so a real 429 with a short `Retry-After` is one call away.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type ServerProcess, startServerProcess } from '../../test/support/server-process.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const TIER_OVERRIDES = JSON.stringify({
  public: { rateLimit: 1_000_000, monthlyCap: 1_000_000 },
  starter: { rateLimit: 1, rateWindowSeconds: 3 },
});

export interface Service {
  readonly server: ServerProcess;
  readonly url: string;
  /** A key of the `starter` tier as overridden here: one call per 3 s window. */
  readonly starterKey: string;
  /** A key of the `pro` tier, as shipped (async jobs, without the starter's tight window). */
  readonly proKey: string;
}

export async function startService(): Promise<Service> {
  const server = await startServerProcess({ env: { TIER_OVERRIDES, SOLVER_WORKERS: '2' } });
  try {
    const keyOf = async (workspace: string, tier: string) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [join(ROOT, 'bin', 'cutplan.js'), 'keys', 'create', '--workspace', workspace, '--tier', tier],
        { cwd: server.cwd },
      );
      return stdout.trim();
    };
    return {
      server,
      url: server.url,
      starterKey: await keyOf('clients', 'starter'),
      proKey: await keyOf('clients-jobs', 'pro'),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A sample request of `events/`, as HTTP. */
export interface Sample {
  /** `optimise/post-long-form.json` */
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Every sample request of the solving routes (`events/optimise*`). */
export async function solvingSamples(): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const folder of ['optimise', 'optimise-pdf']) {
    const dir = join(ROOT, 'events', folder);
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
      const event = JSON.parse(await readFile(join(dir, file), 'utf8')) as {
        httpMethod: string;
        path: string;
        queryStringParameters?: Record<string, string> | null;
        headers?: Record<string, string> | null;
        body?: string | null;
        isBase64Encoded?: boolean;
      };
      const headers = Object.fromEntries(
        Object.entries(event.headers ?? {}).filter(([name]) =>
          ['content-type', 'x-api-key'].includes(name.toLowerCase()),
        ),
      );
      const raw = event.body ?? '';
      samples.push({
        name: `${folder}/${file}`,
        method: event.httpMethod,
        path: event.path,
        query: event.queryStringParameters ?? {},
        headers,
        body: event.isBase64Encoded === true ? Buffer.from(raw, 'base64').toString('utf8') : raw,
      });
    }
  }
  return samples;
}

/** The request a client sends for a sample, or null when a client cannot send it (bad JSON, a form body). */
export function clientRequestOf(sample: Sample): Record<string, unknown> | null {
  if (sample.method === 'GET') {
    // The query's parameters read as the body's fields; numbers and booleans as JSON has them.
    return Object.fromEntries(Object.entries(sample.query).map(([name, value]) => [name, scalarOf(value)]));
  }
  const contentType = Object.entries(sample.headers).find(([n]) => n.toLowerCase() === 'content-type')?.[1];
  if (contentType?.startsWith('application/json') !== true) return null;
  try {
    const body: unknown = JSON.parse(sample.body);
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function scalarOf(value: string): unknown {
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/** The sample's key, if it sends one. */
export const apiKeyOf = (sample: Sample): string | undefined =>
  Object.entries(sample.headers).find(([n]) => n.toLowerCase() === 'x-api-key')?.[1];

/** The sample sent as it is, over plain HTTP. */
export async function sendRaw(url: string, sample: Sample): Promise<Response> {
  const query = new URLSearchParams(sample.query).toString();
  return fetch(`${url}${sample.path}${query === '' ? '' : `?${query}`}`, {
    method: sample.method,
    headers: sample.headers,
    body: sample.method === 'GET' ? null : sample.body,
  });
}

/** A plan without what differs from one solve to the next (the times). */
export function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimes);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.endsWith('TimeMs'))
      .map(([key, inner]) => [key, withoutTimes(inner)]),
  );
}
