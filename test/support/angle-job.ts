import { type AngleJob, buildAngleJobs } from '../../core/angles/job.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';

/** The first angle job of a request body; throws when the body is refused (tests build valid ones). */
export function angleJobOf(body: unknown): AngleJob {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const [job] = buildAngleJobs(parsed.value);
  if (!job) throw new Error('no job');
  return job;
}
