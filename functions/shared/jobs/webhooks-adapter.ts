/**
 * The jobs' webhook port over the webhooks module (`functions/shared/webhooks/`): the URL policy at
 * submission, the job's end delivered (signed, retried for about a day), its deliveries read and forgotten.
 */
import {
  checkWebhookUrl,
  forgetDeliveries,
  listDeliveries,
  notifyJobEnded,
  type WebhookDeps,
} from '../webhooks/index.ts';
import type { JobWebhooks } from './webhook-port.ts';

export function jobWebhooks(deps: WebhookDeps): JobWebhooks {
  return {
    check: async (url) => {
      const checked = await checkWebhookUrl(url, { allowPrivate: deps.allowPrivate, resolve: deps.resolve });
      return checked.ok ? { ok: true, url: checked.url } : { ok: false, reason: checked.reason };
    },
    notify: (event) => notifyJobEnded(deps, event),
    deliveries: (workspace, jobId) => listDeliveries(deps, workspace, jobId),
    forget: (workspace, jobId) => forgetDeliveries(deps, workspace, jobId),
  };
}
