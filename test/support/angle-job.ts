import { type AngleJob, buildAngleJobs } from '../../core/angle/search/job.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';

/** The first angle job of a request body; throws when the body is refused (tests build valid ones). */
export function angleJobOf(body: unknown): AngleJob {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const [job] = buildAngleJobs(parsed.value);
  if (!job) throw new Error('no job');
  return job;
}

/** Cut angles in whole degrees whose figures are exact (30, 45, 90, …) and irrational (60, 75, …). */
export const ANGLES = [30, 45, 60, 75, 90, 105, 120, 135, 150] as const;

/**
 * The angle job of mitred parts (each `quantity` times) on one stock length, a 40 mm wide material with
 * the given symmetry: the body the pricing and arc tests build from their random parts.
 */
export function mitredJobOf(
  parts: readonly { readonly length: number; readonly left: number; readonly right: number }[],
  options: {
    readonly quantity: number;
    readonly stockLength: number;
    readonly kerf: number;
    readonly trim?: boolean;
    readonly axialSymmetry: string;
  },
): AngleJob {
  return angleJobOf({
    parts: parts.map((p) => ({
      length: p.length,
      quantity: options.quantity,
      leftAngle: p.left,
      rightAngle: p.right,
    })),
    stockLength: options.stockLength,
    kerf: options.kerf,
    trim: options.trim ?? false,
    angleCuts: { enabled: true, width: 40, axialSymmetry: options.axialSymmetry },
  });
}

/**
 * The job's first source length in its own scale units: what the pricing and placement take. Angle jobs
 * count lengths one decimal finer than the request's (core/request/normalise.ts), so a test never writes
 * a bar length in units by hand.
 */
export function stockUnits(job: AngleJob): number {
  const length = job.base.sources[0]?.length;
  if (length === undefined) throw new Error('no source');
  return length;
}
