export { MAX_BODY_BYTES, readJsonBody } from './body.ts';
export {
  ACCEPTED_HEADERS,
  corsFor,
  EXPOSED_HEADERS,
  normaliseOrigin,
  PREFLIGHT_MAX_AGE_SECONDS,
  preflightHeaders,
} from './cors.ts';
export { errorHeaders, rateLimitFields, rateLimitHeaders, timeLimitHeaders } from './headers.ts';
export { preflightReply } from './preflight.ts';
export { beatingClock, NO_PROGRESS, type Progress } from './progress.ts';
export { checkQuerySize, MAX_QUERY_BYTES, queryBytes } from './query-size.ts';
export {
  type Answer,
  downloadReply,
  type Failure,
  fail,
  failureReply,
  JSON_CONTENT_TYPE,
  jsonReply,
  pdfReply,
  type Reply,
  withHeaders,
} from './reply.ts';
export {
  type HttpRequest,
  header,
  type LambdaContextLike,
  publicUrl,
  type QueryParams,
  readRequest,
} from './request.ts';
export { type ApiHandler, COMMON_HEADERS, routeLabel, type ServeDeps, serve } from './serve.ts';
