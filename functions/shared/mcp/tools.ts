/**
 * The MCP tools of cutplan, defined once for both transports: `cutplan mcp` (stdio, `bin/mcp.ts`) and
 * `POST /v1/mcp` (Streamable HTTP, `functions/handlers/mcp-handler.ts`). Each builds a {@link PlanService}
 * (how a request is solved there: locally, or admitted and counted like an optimise call) and gets the same
 * server from {@link createCutplanMcpServer}.
 *
 * Nine tools: four that solve, one per output (the plan as JSON, the plan PDF, piece labels as PDF or ZPL, the
 * saw list as CSV; `plan-tools.ts`), two on the offcut rack (`rack-tools.ts`), and three on async jobs and
 * usage (`job-tools.ts`). A request the service
 * refuses as the caller's mistake or as something it can wait out (400 `validation`, 413, 422, 429, 503 and
 * any other status below 500) is a tool error whose text is the API's `detail` and whose
 * `structuredContent` is the API's error body (`tool-results.ts`), so the assistant can read it and act.
 */

import { McpServer } from '@modelcontextprotocol/server';
import { VERSION } from '../version.ts';
import { registerJobTools } from './job-tools.ts';
import { registerPlanTools } from './plan-tools.ts';
import { registerRackTools } from './rack-tools.ts';
import { toolSchemas } from './schemas.ts';
import type { PlanService } from './service.ts';

/** The server with every tool, over `service`. A fresh one per HTTP request; one per stdio connection. */
export function createCutplanMcpServer(service: PlanService): McpServer {
  const schemas = toolSchemas();
  const server = new McpServer(
    { name: 'cutplan', title: 'cutplan cutting optimiser', version: VERSION },
    {
      instructions:
        'Plans 1D cutting (bars, tubes, profiles, boards) from a cut list: what stock to buy and how to cut ' +
        'each bar, verified and with a proof of optimality or the most the plan can be off by. The same ' +
        'arguments give the plan as JSON, the print-ready PDF, piece labels (PDF or ZPL) and the saw list (CSV).',
    },
  );
  registerPlanTools(server, service, schemas);
  registerRackTools(server, service);
  registerJobTools(server, service);
  return server;
}
