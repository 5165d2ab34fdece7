/**
 * The offcut-rack tools: list the workspace's rack and book a plan against it. They need the HTTP endpoint's
 * API key; where the server has none (stdio) they say so.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { ValidationError } from '../../../core/errors.ts';
import { KeyRequiredError } from '../errors.ts';
import { IDEMPOTENCY_KEY_INPUT } from './portable.ts';
import { advertised } from './schemas.ts';
import type { PlanService } from './service.ts';
import { guarded, jsonResult, toolError } from './tool-results.ts';

export const RACK_TOOL = 'list_offcuts';
export const BOOK_TOOL = 'book_plan';

/** What the rack tools answer where the server has no API key. */
export const NO_KEY_TOOL_ERROR =
  'the offcut rack belongs to an API workspace, and this MCP server has no key (cutplan mcp runs on your machine): use the HTTP MCP endpoint POST /v1/mcp with an X-API-Key header';

/** The rack tools' inputs, in the portable JSON-schema subset (docs/mcp.md, Tool schemas). */
export const RACK_TOOL_INPUT = {
  type: 'object',
  description: 'Which rack entries to list, e.g. {"material": "steel-40x40"}.',
  properties: {
    material: {
      type: 'string',
      description: 'Only the entries of this material tag, e.g. "steel-40x40". Leave out for every material.',
    },
    untagged: {
      type: 'boolean',
      description: 'Only the untagged entries (material null), e.g. true.',
      default: false,
    },
  },
} as const;
export const BOOK_TOOL_INPUT = {
  type: 'object',
  description: 'The plan to book, e.g. {"planId": "pl_ea-V4-f0J3hfaxTljUNkjg"}.',
  properties: {
    planId: {
      type: 'string',
      description: 'The plan.id of a plan solved with offcuts "rack", e.g. "pl_ea-V4-f0J3hfaxTljUNkjg".',
    },
    idempotencyKey: IDEMPOTENCY_KEY_INPUT,
  },
  required: ['planId'],
} as const;

/** Registers the rack tools on `server`, over `service`. */
export function registerRackTools(server: McpServer, service: PlanService): void {
  server.registerTool(
    RACK_TOOL,
    {
      title: 'List the offcut rack',
      description:
        "List the workspace's offcut rack: each entry's id, length, quantity, material, label, location and " +
        "source (hand, or the booked plan whose remnant it is), in the rack's unit. Solve against the rack with " +
        'offcuts "rack" in the other tools. Needs the HTTP endpoint with an API key.',
      inputSchema: advertised(RACK_TOOL_INPUT as unknown as Record<string, unknown>),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(service, async (args: { material?: string; untagged?: boolean }) => {
      if (service.listOffcuts === undefined)
        return toolError(service, new KeyRequiredError(NO_KEY_TOOL_ERROR));
      const listed = await service.listOffcuts(args);
      if (!listed.ok) return toolError(service, listed.error);
      return jsonResult(listed.value);
    }),
  );

  server.registerTool(
    BOOK_TOOL,
    {
      title: 'Book a cut plan against the rack',
      description:
        'Once a plan solved with offcuts "rack" is cut: take every offcut it used off the rack and put its ' +
        'remnants of at least minRemnant on, all or nothing. Booking the same plan again answers the same ' +
        'record and changes nothing; if an offcut it used is gone, the error names it (optimise again). ' +
        'Changes the rack. Needs the HTTP endpoint with an API key.',
      inputSchema: advertised(BOOK_TOOL_INPUT as unknown as Record<string, unknown>),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(service, async (args: { planId?: unknown }) => {
      if (service.bookPlan === undefined) return toolError(service, new KeyRequiredError(NO_KEY_TOOL_ERROR));
      if (typeof args.planId !== 'string' || args.planId === '') {
        return toolError(
          service,
          ValidationError.of('planId', 'is required: the plan.id of a plan solved with offcuts "rack"'),
        );
      }
      const booked = await service.bookPlan({ planId: args.planId });
      if (!booked.ok) return toolError(service, booked.error);
      return jsonResult(booked.value);
    }),
  );
}
