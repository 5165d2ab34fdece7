/**
 * The CLI's calls to a running cutplan API (the rack commands and `cutplan optimise --rack`): base URL from
 * `CUTPLAN_URL` (default `http://localhost:3000`, what `npm start` serves), key from `CUTPLAN_API_KEY`.
 */

export const DEFAULT_API_URL = 'http://localhost:3000';

export interface ApiTarget {
  readonly url: string;
  readonly key: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The API to call, or a sentence saying what is missing. */
export function apiTarget(env: Env): ApiTarget | string {
  const key = env.CUTPLAN_API_KEY?.trim();
  if (key === undefined || key === '') {
    return 'the offcut rack needs an API key: set CUTPLAN_API_KEY (locally, make one with `npx cutplan keys create --workspace demo --tier pro` while `npm start` runs) and CUTPLAN_URL if the API is not at http://localhost:3000';
  }
  const url = (env.CUTPLAN_URL?.trim() || DEFAULT_API_URL).replace(/\/+$/, '');
  return { url, key };
}

/** An answer: status, headers and the body as bytes. */
export interface ApiAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Uint8Array;
  readonly text: string;
}

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export async function callApi(
  target: ApiTarget,
  method: string,
  path: string,
  body?: { readonly type: string; readonly text: string },
  fetcher: Fetch = fetch,
): Promise<ApiAnswer> {
  const res = await fetcher(`${target.url}${path}`, {
    method,
    headers: { 'X-API-Key': target.key, ...(body === undefined ? {} : { 'Content-Type': body.type }) },
    ...(body === undefined ? {} : { body: body.text }),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) };
}

/** `refused (409 offcutsTaken): …` from an error answer's `{error, detail}`. */
export function refusal(answer: ApiAnswer): string {
  try {
    const body = JSON.parse(answer.text) as { error?: string; detail?: string };
    return `refused (${answer.status} ${body.error ?? 'error'}): ${body.detail ?? answer.text}`;
  } catch {
    return `refused (${answer.status}): ${answer.text.slice(0, 200)}`;
  }
}
