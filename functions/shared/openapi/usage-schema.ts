/**
 * `GET /v1/usage`'s answer in the OpenAPI document (functions/handlers/usage-handler.ts): the caller's
 * tier, every counting window and the calendar month.
 */
import { TIER_NAMES } from '../tiers.ts';
import type { Schema } from './schemas.ts';

/** `GET /v1/usage`'s answer (functions/handlers/usage-handler.ts). */
export const USAGE_SCHEMA: Schema = {
  type: 'object',
  required: ['tier', 'windows', 'month'],
  properties: {
    tier: { type: 'string', enum: [...TIER_NAMES] },
    windows: {
      type: 'array',
      description: 'Every counting window of the tier, the longest first.',
      items: {
        type: 'object',
        required: ['window', 'limit', 'used', 'remaining', 'resetAt'],
        properties: {
          window: {
            type: 'string',
            description:
              'The window: `month` (calendar month, UTC), `hour`, `minute`, or `<n> seconds` for another length.',
            examples: ['month', 'hour', 'minute'],
          },
          limit: { type: 'integer', minimum: 0 },
          used: { type: 'integer', minimum: 0 },
          remaining: { type: 'integer', minimum: 0 },
          resetAt: { type: 'string', format: 'date-time' },
        },
      },
    },
    month: {
      type: 'object',
      description: 'The calendar month (UTC) so far.',
      required: ['used', 'refunded'],
      properties: {
        used: { type: 'integer', minimum: 0, description: 'Calls counted and answered.' },
        refunded: {
          type: ['integer', 'null'],
          minimum: 0,
          description: 'Calls admitted, then refunded; null for the public tier (not kept per IP).',
        },
      },
    },
  },
};
