/**
 * The document's examples, read from the sample API Gateway events in `events/`: every POST body the
 * parser accepts becomes a request example of its endpoint, every one it refuses an example of its status
 * (400, or 413 for too many pieces) with the parser's own code and detail, and the GET sample's query the parameters' examples. The plan example is the real
 * core's answer to that query with its solve time zeroed, so the document stays reproducible.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLpEngine, optimise } from '../../../core/optimise.ts';
import { parseOptimiseBody, parseOptimiseQuery } from '../../../core/request/index.ts';
import { systemClock } from '../clock.ts';
import { POWERED_BY } from '../version.ts';
import type { OpenApiExamples } from './document.ts';

const ENDPOINTS: Readonly<Record<string, 'json' | 'pdf'>> = { optimise: 'json', 'optimise-pdf': 'pdf' };
const GET_SAMPLE = 'optimise/get-query.json';
const MCP_FOLDER = 'mcp';

interface SampleEvent {
  readonly httpMethod: string;
  readonly body: string | null;
  readonly isBase64Encoded?: boolean;
  readonly queryStringParameters: Record<string, string> | null;
  readonly headers: Record<string, string> | null;
}

/** Reads the examples from `eventsDir` (the project's `events/`). */
export async function readOpenApiExamples(eventsDir: string): Promise<OpenApiExamples> {
  const requests: OpenApiExamples['requests'][number][] = [];
  const refusals: OpenApiExamples['refusals'][number][] = [];
  for (const [folder, endpoint] of Object.entries(ENDPOINTS)) {
    const files = (await readdir(join(eventsDir, folder))).filter((f) => f.endsWith('.json')).sort();
    for (const file of files) {
      const event = JSON.parse(await readFile(join(eventsDir, folder, file), 'utf8')) as SampleEvent;
      if (event.httpMethod !== 'POST' || event.body === null) continue;
      const contentType = Object.entries(event.headers ?? {}).find(
        ([k]) => k.toLowerCase() === 'content-type',
      );
      if (contentType !== undefined && !contentType[1].includes('json')) continue;
      const text =
        event.isBase64Encoded === true ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        continue; // not JSON: a transport example, not a request
      }
      const name = `${folder}/${file.replace(/\.json$/, '')}`;
      const summary = `events/${folder}/${file}`;
      const parsed = parseOptimiseBody(body, endpoint);
      if (parsed.ok) requests.push({ name, endpoint, summary, body });
      else refusals.push({ name, summary, error: parsed.error.code, detail: parsed.error.message });
    }
  }
  const get = JSON.parse(await readFile(join(eventsDir, GET_SAMPLE), 'utf8')) as SampleEvent;
  const query = get.queryStringParameters ?? {};
  const parsed = parseOptimiseQuery(query);
  if (!parsed.ok) throw new Error(`${GET_SAMPLE} does not parse: ${parsed.error.message}`);
  const solved = await optimise(parsed.value, {
    lp: await createLpEngine(),
    clock: systemClock,
    budgetMs: 5_000,
    tier: 'public',
    poweredBy: POWERED_BY,
  });
  if (!solved.ok) throw new Error(`${GET_SAMPLE} does not solve: ${solved.error.message}`);
  // Proven optimal well inside the budget, so the plan is the same on every run.
  if (!solved.value.plan.optimal) throw new Error(`${GET_SAMPLE} was not proven optimal`);
  const response = { ...solved.value, plan: { ...solved.value.plan, solveTimeMs: 0 } };
  return { requests, refusals, query, response, mcp: await mcpMessages(eventsDir) };
}

/** The JSON-RPC bodies of the MCP sample events (`events/mcp/`). */
async function mcpMessages(eventsDir: string): Promise<OpenApiExamples['mcp'][number][]> {
  const dir = join(eventsDir, MCP_FOLDER);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const out: OpenApiExamples['mcp'][number][] = [];
  for (const file of files) {
    const event = JSON.parse(await readFile(join(dir, file), 'utf8')) as SampleEvent;
    if (event.body === null) continue;
    const name = `${MCP_FOLDER}/${file.replace(/\.json$/, '')}`;
    out.push({ name, summary: `events/${MCP_FOLDER}/${file}`, body: JSON.parse(event.body) });
  }
  return out;
}
