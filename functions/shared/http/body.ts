/**
 * The JSON body of a POST: size limit, content type, base64 (API Gateway delivers every body base64 when
 * the REST API treats every media type as binary), UTF-8 and JSON syntax. Every failure is a typed error with a
 * detail that says what to send instead.
 */
import { type CutplanError, err, ok, type Result, ValidationError } from '../../../core/errors.ts';
import { PayloadTooLargeError } from '../errors.ts';
import { type HttpRequest, header } from './request.ts';

/** The largest body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

// ignoreBOM keeps a leading byte-order mark in the text, so a plain and a base64 body read alike below.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The parsed JSON body of `req`, or a 400 `validation` / 413 `payloadTooLarge` error. */
export function readJsonBody(req: HttpRequest): Result<unknown, CutplanError> {
  const raw = req.body ?? '';
  if (exceedsLimit(raw, req.isBase64Encoded)) {
    return err(new PayloadTooLargeError(`the request body is larger than 1 MiB (${MAX_BODY_BYTES} bytes)`));
  }
  const type = checkContentType(header(req, 'content-type'));
  if (!type.ok) return type;
  const text = req.isBase64Encoded ? decodeBase64Utf8(raw) : ok(raw);
  if (!text.ok) return text;
  const json = text.value.startsWith('\uFEFF') ? text.value.slice(1) : text.value;
  if (json.startsWith('\uFEFF')) {
    return err(
      ValidationError.of(
        'body',
        'the request body starts with two byte-order marks; send UTF-8 JSON with at most one (none is best)',
      ),
    );
  }
  if (json.trim() === '') {
    return err(
      ValidationError.of(
        'body',
        'the request body is empty; send a JSON object such as {"parts":"500x4","stock":1000}',
      ),
    );
  }
  try {
    return ok(JSON.parse(json));
  } catch (error: unknown) {
    if (error instanceof SyntaxError) {
      return err(ValidationError.of('body', `the request body is not valid JSON (${error.message})`));
    }
    throw error;
  }
}

function exceedsLimit(raw: string, base64: boolean): boolean {
  if (!base64) return Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES;
  // Four base64 characters carry three bytes: skip the decode when the string alone is far too long.
  if (raw.length > Math.ceil(MAX_BODY_BYTES / 3) * 4 + 4) return true;
  return Buffer.byteLength(raw, 'base64') > MAX_BODY_BYTES;
}

/**
 * Accepts `application/json` and `application/*+json` (any case, with `charset=utf-8` or none). A body
 * without any Content-Type is read as JSON: some HTTP clients send none, and the body is checked anyway.
 */
function checkContentType(value: string | undefined): Result<true, ValidationError> {
  if (value === undefined) return ok(true);
  const [type = '', ...params] = value.split(';').map((p) => p.trim().toLowerCase());
  const json = type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
  if (!json) {
    return err(
      ValidationError.of(
        'Content-Type',
        `the body must be JSON; send the header "Content-Type: application/json" (got "${clip(value)}")`,
      ),
    );
  }
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return err(
      ValidationError.of('Content-Type', `the body must be UTF-8 encoded (got charset "${clip(charset)}")`),
    );
  }
  return ok(true);
}

function decodeBase64Utf8(raw: string): Result<string, ValidationError> {
  try {
    return ok(utf8.decode(Buffer.from(raw, 'base64')));
  } catch (error: unknown) {
    if (error instanceof TypeError)
      return err(ValidationError.of('body', 'the request body is not valid UTF-8'));
    throw error;
  }
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
