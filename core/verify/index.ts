/** The independent plan verifier: shares only `core/types.ts` with the solver. */
export {
  CHECK_IDS,
  type CheckId,
  formatFailure,
  MAX_REPORTED_ISSUES,
  type VerificationFailure,
  type VerificationIssue,
} from './failure.ts';
export { verifyPlan } from './verify-plan.ts';
