/**
 * `cutplan mcp`: serves cutplan's MCP tools (`optimise_cut_list`, `cutting_plan_pdf`, `piece_labels`,
 * `saw_list`) over stdio, for an assistant that starts it as a local server (docs/mcp.md). The same tools
 * as `POST /v1/mcp`; solves run here with the CLI's rules (no tier caps; the answer is labelled with the
 * public tier). stdout carries the protocol only: everything else goes to stderr. When stdin closes, every
 * request already read is answered before the server exits.
 */
import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { err, ok } from '../core/errors.ts';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { systemClock } from '../functions/shared/clock.ts';
import type { Endpoint } from '../functions/shared/core-port.ts';
import { KeyRequiredError } from '../functions/shared/errors.ts';
import {
  createCutplanMcpServer,
  NO_KEY_TOOL_ERROR,
  type PlanService,
} from '../functions/shared/mcp/index.ts';
import { AUTOMATIC_BUDGET_SECONDS } from '../functions/shared/solve-budget.ts';
import { TIERS } from '../functions/shared/tiers.ts';
import { POWERED_BY, VERSION } from '../functions/shared/version.ts';
import { drainingStdioTransport } from './draining-stdio.ts';

const USAGE = `usage: cutplan mcp
  Serves the Model Context Protocol over stdio (JSON-RPC on stdin/stdout, logs on stderr) with four tools:
    optimise_cut_list  the plan as JSON, with a summary (bars to buy, cost, yield, proof)
    cutting_plan_pdf   the print-ready PDF, as an embedded resource
    piece_labels       a label per piece: a PDF resource, or ZPL text (format zpl)
    saw_list           the saw list as CSV text
  An assistant starts it itself; add it to the assistant's configuration (docs/mcp.md), with the
  project's own Node 24 and absolute paths to your checkout, e.g. in claude_desktop_config.json:
    {"mcpServers": {"cutplan": {"command": "/path/to/cutplan/node_modules/.bin/node",
                                "args": ["/path/to/cutplan/bin/cutplan.js", "mcp"]}}}
  The default solve budget is ${AUTOMATIC_BUDGET_SECONDS} s; a call may ask for more with timeLimit (seconds).
`;

/** Solves on this machine, as `cutplan optimise` does. The LP engine is created at once, in the background. */
export function localPlanService(): PlanService {
  const lp = createLpEngine();
  // Awaited by each call (which then reports the failure); this only keeps an early one from being unhandled.
  lp.catch(() => undefined);
  let renderer: Promise<typeof import('../functions/shared/real-pdf.ts')> | undefined;
  let render: ReturnType<Awaited<NonNullable<typeof renderer>>['lazyPdfRenderer']> | undefined;
  let labeller: Promise<typeof import('../functions/shared/real-labels.ts')> | undefined;
  let renderLabels: ReturnType<Awaited<NonNullable<typeof labeller>>['lazyLabelsRenderer']> | undefined;
  const plan = async (args: Readonly<Record<string, unknown>>, endpoint: Endpoint) => {
    // The rack is the API workspace's; this server runs here, with no key.
    if (args.offcuts === 'rack') return err(new KeyRequiredError(NO_KEY_TOOL_ERROR));
    const parsed = parseOptimiseBody(args, endpoint);
    if (!parsed.ok) return parsed;
    const seconds = parsed.value.timeLimit ?? AUTOMATIC_BUDGET_SECONDS;
    const solved = await optimise(parsed.value, {
      lp: await lp,
      clock: systemClock,
      budgetMs: Math.round(seconds * 1000),
      tier: TIERS.public.name,
      poweredBy: POWERED_BY,
    });
    return solved.ok ? ok({ request: parsed.value, response: solved.value }) : err(solved.error);
  };
  return {
    plan: (args) => plan(args, 'json'),
    async pdf(args) {
      const planned = await plan(args, 'pdf');
      if (!planned.ok) return planned;
      const { request, response } = planned.value;
      // Loaded only when asked for: pdf-lib costs about half a second to import.
      renderer ??= import('../functions/shared/real-pdf.ts');
      render ??= (await renderer).lazyPdfRenderer();
      const pdf = await render({
        request,
        response,
        jobName: request.jobName,
        branding: null,
        createdAtMs: systemClock.now(),
      });
      return ok({ request, response, pdf });
    },
    async labels(args, output) {
      const planned = await plan(args, 'labels');
      if (!planned.ok) return planned;
      const { request, response } = planned.value;
      labeller ??= import('../functions/shared/real-labels.ts');
      renderLabels ??= (await labeller).lazyLabelsRenderer();
      const job = { request, response, jobName: request.jobName, createdAtMs: systemClock.now() };
      return ok({ request, response, file: await renderLabels(job, output) });
    },
    async sawList(args, style) {
      const planned = await plan(args, 'csv');
      if (!planned.ok) return planned;
      const { request, response } = planned.value;
      const { sawListCsv } = await import('../core/saw-list/index.ts');
      return ok({ request, response, file: sawListCsv(request, response, style) });
    },
    internalDetail: (error) => `internal error: ${error.message}`,
    toolFailed: (error, thrown) => {
      if (thrown !== undefined)
        process.stderr.write(
          `cutplan mcp: ${error.message}: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}\n`,
        );
    },
  };
}

export async function run(argv: string[]): Promise<number> {
  let help: boolean | undefined;
  try {
    help = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } } }).values.help;
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  if (help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  const service = localPlanService();
  const transport = drainingStdioTransport();
  serveStdio(() => createCutplanMcpServer(service), {
    transport,
    onerror: (error) => process.stderr.write(`cutplan mcp: ${error.message}\n`),
  });
  process.stderr.write(
    `cutplan ${VERSION} MCP server on stdio (tools: optimise_cut_list, cutting_plan_pdf, piece_labels, saw_list)\n`,
  );
  await transport.closed;
  return 0;
}
