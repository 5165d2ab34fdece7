/**
 * The playground page: reads the form, calls the API of the origin that served it, and shows the plan.
 * It solves when asked (the button, Enter in a field, Ctrl+Enter in the cut list) and at once when opened
 * with a job in its query string and no key stored in the tab, never on a keystroke: the free tier has 30
 * calls an hour, and a link must not spend a paid key's calls.
 */
import type { OptimiseResponse } from '../../core/types.ts';
import { readStreamedJson } from '../../functions/shared/http/streamed-json.ts';
import { drawBars, formatNumber } from './bars.ts';
import { certificate } from './certificate.ts';
import { fieldsOfDetail } from './fields.ts';
import { buildRequest, type FormValues, LINK_FIELDS, valuesOfQuery } from './request.ts';
import { type JobStatus, jobText, PAGE_BUDGET_MS, runsAsJob, solvingText, spentShare } from './solving.ts';

const KEY_STORAGE = 'cutplan.apiKey';
const FIELDS = [
  'parts',
  'stock',
  'kerf',
  'method',
  'offcuts',
  'minRemnant',
  'unit',
  'angleCuts',
  'timeLimit',
  'key',
  'general',
];

const $ = <T extends HTMLElement>(id: string): T => {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node as T;
};
const form = $<HTMLFormElement>('job');
const input = (name: string) => $<HTMLInputElement>(`f-${name}`);
const solveButton = $<HTMLButtonElement>('solve');
const pdfButton = $<HTMLButtonElement>('pdf');
const sawListButton = $<HTMLButtonElement>('saw-list');
const labelsButton = $<HTMLButtonElement>('labels');
const downloadButtons = [pdfButton, sawListButton, labelsButton];
const result = $<HTMLElement>('result');
const rackPanel = $<HTMLElement>('rack-panel');
const useRack = $<HTMLInputElement>('f-useRack');
const markCut = $<HTMLButtonElement>('mark-cut');
/** The stored plan of the last solve against the rack (its files and its booking are the stored plan's). */
let lastPlanId: string | null = null;

/** The API's address for `path`, relative to the page (the page may sit under a stage prefix). */
function api(path: string): string {
  const base = location.pathname.endsWith('/') ? location.pathname : `${location.pathname}/`;
  return `${base}${path}`;
}

function values(): FormValues {
  return {
    parts: input('parts').value,
    stock: input('stock').value,
    kerf: input('kerf').value,
    method: $<HTMLSelectElement>('f-method').value,
    offcuts: input('offcuts').value,
    minRemnant: input('minRemnant').value,
    unit: input('unit').value,
    trim: input('trim').checked,
    angles: input('angles').checked,
    angleWidth: input('angleCuts').value,
    symmetry: $<HTMLSelectElement>('f-symmetry').value,
    timeLimit: input('timeLimit').value,
  };
}

function clearErrors(): void {
  for (const field of FIELDS) {
    $(`f-${field}-error`).textContent = '';
    document.getElementById(`f-${field}`)?.removeAttribute('aria-invalid');
  }
}

/** Shows each message beside its field and moves the focus to the first one. */
function showErrors(byField: Map<string, string[]>): void {
  let first: HTMLElement | null = null;
  for (const [field, messages] of byField) {
    $(`f-${field}-error`).textContent = messages.join('\n');
    const control = document.getElementById(`f-${field}`);
    if (control !== null) {
      control.setAttribute('aria-invalid', 'true');
      if (control.closest('details') instanceof HTMLDetailsElement)
        (control.closest('details') as HTMLDetailsElement).open = true;
      first ??= control;
    }
  }
  (first ?? $('f-general-error')).focus();
}

function headers(): Record<string, string> {
  const key = input('key').value.trim();
  return { 'Content-Type': 'application/json', ...(key === '' ? {} : { 'X-API-Key': key }) };
}

function callsLeft(res: Response): string {
  const left = res.headers.get('X-RateLimit-Remaining');
  const limit = res.headers.get('X-RateLimit-Limit');
  const reset = Number(res.headers.get('X-RateLimit-Reset'));
  if (left === null || limit === null) return '';
  const at =
    Number.isFinite(reset) && reset > 0
      ? ` (resets ${new Date(reset * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })})`
      : '';
  return `${left} of ${limit} calls left${at}`;
}

async function errorOf(res: Response): Promise<Map<string, string[]>> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    // not JSON: keep the status
  }
  return errorOfBody(res.status, body);
}

/** The form's errors for an error answer: its detail, on the field it names when the status is 400. */
function errorOfBody(status: number, body: unknown): Map<string, string[]> {
  const given = (body as { detail?: unknown } | undefined)?.detail;
  const detail = typeof given === 'string' ? given : `the service answered ${status}`;
  if (status !== 400) return new Map([[status === 401 ? 'key' : 'general', [detail]]]);
  return fieldsOfDetail(detail);
}

let lastBody: Record<string, unknown> | null = null;

async function solve(): Promise<void> {
  clearErrors();
  $('link-note').hidden = true;
  const built = buildRequest(values());
  if (!built.ok) {
    showErrors(new Map([[built.field, [built.message]]]));
    return;
  }
  solveButton.disabled = true;
  result.setAttribute('aria-busy', 'true');
  // The time against the budget while the answer is awaited.
  const solving = $('solving');
  const started = performance.now();
  // The time limit asked for (the tier may cap it), else the automatic budget.
  const asked = built.body.timeLimit;
  const budgetMs = typeof asked === 'number' && asked > 0 ? asked * 1000 : PAGE_BUDGET_MS;
  const tick = () => {
    const spent = performance.now() - started;
    $('solving-text').textContent = solvingText(spent, budgetMs);
    $<HTMLProgressElement>('solving-bar').value = spentShare(spent, budgetMs);
  };
  tick();
  solving.hidden = false;
  const ticker = setInterval(tick, 100);
  try {
    // With "use my rack" the offcuts are the workspace's (the server reads them and stores the plan).
    const body = useRack.checked && !rackPanel.hidden ? { ...built.body, offcuts: 'rack' } : built.body;
    // With a key and a long time limit, the solve runs as a job: no connection held, and it can be cancelled.
    const asJob = runsAsJob(input('key').value.trim() !== '', body.timeLimit);
    // A direct solve shows its time against the budget it asked for; a job shows what its polls say.
    if (asJob) clearInterval(ticker);
    const res = asJob
      ? await runJob(body, (text, share) => {
          $('solving-text').textContent = text;
          $<HTMLProgressElement>('solving-bar').value = share;
        })
      : await fetch(api('v1/optimise'), {
          method: 'POST',
          headers: headers(),
          body: JSON.stringify(body),
        });
    $('calls').textContent = asJob ? (res.headers.get('X-Calls') ?? '') : callsLeft(res);
    if (!res.ok) {
      showErrors(await errorOf(res));
      return;
    }
    // A long solve's 200 may end in a late failure (docs/api.md, "Long solves and late failures").
    const read = readStreamedJson(res.status, await res.text());
    if (read.status !== 200) {
      showErrors(errorOfBody(read.status, read.body));
      return;
    }
    const plan = read.body as OptimiseResponse;
    lastBody = body;
    lastPlanId = plan.plan.id ?? null;
    $('booking-actions').hidden = lastPlanId === null;
    $('booking').textContent = '';
    markCut.disabled = false;
    for (const b of downloadButtons) b.disabled = false;
    const share = $<HTMLAnchorElement>('share');
    if (built.query === null) share.hidden = true;
    else {
      const url = `${location.pathname}?${built.query}`;
      history.replaceState(null, '', url);
      share.href = url;
      share.hidden = false;
    }
    const angleCuts = built.body.angleCuts as { width?: unknown } | undefined;
    show(
      plan,
      typeof built.body.minRemnant === 'number' ? built.body.minRemnant : 0,
      typeof angleCuts?.width === 'number' ? angleCuts.width : null,
    );
  } catch (error) {
    showErrors(new Map([['general', [`the service could not be reached (${String(error)})`]]]));
  } finally {
    clearInterval(ticker);
    solving.hidden = true;
    solveButton.disabled = false;
    result.setAttribute('aria-busy', 'false');
  }
}

const cancelJob = $<HTMLButtonElement>('cancel-job');
let cancelled: (() => void) | null = null;
cancelJob.addEventListener('click', () => cancelled?.());

/**
 * Submits `body` as an async job and polls it (as its `Retry-After` says) until it ends, showing its time
 * against the budget and the best plan and bound so far, with Cancel. Answers a Response shaped as
 * `POST /v1/optimise`'s would be: the job's result as a 200, or its error with the status it stands for.
 */
async function runJob(
  body: Record<string, unknown>,
  status: (text: string, share: number) => void,
): Promise<Response> {
  const submitted = await fetch(api('v1/jobs'), {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify(body),
  });
  if (submitted.status !== 202) return submitted;
  const calls = callsLeft(submitted);
  const location =
    submitted.headers.get('Location') ?? api(`v1/jobs/${((await submitted.json()) as { id: string }).id}`);
  let stop = false;
  let wake: () => void = () => {};
  let deleting: Promise<unknown> = Promise.resolve();
  cancelled = () => {
    stop = true;
    cancelJob.disabled = true;
    deleting = fetch(location, { method: 'DELETE', headers: headers() }).catch(() => undefined);
    wake();
  };
  cancelJob.disabled = false;
  cancelJob.hidden = false;
  try {
    for (;;) {
      const res = await fetch(location, { headers: headers() });
      if (!res.ok) return res;
      const job = (await res.json()) as JobStatus & {
        result: unknown;
        error: { error: string; detail: string } | null;
      };
      const progress = job.progress;
      status(jobText(job), progress === null ? 0 : spentShare(progress.elapsedMs, progress.budgetMs));
      const answer = (code: number, value: unknown) =>
        new Response(JSON.stringify(value), {
          status: code,
          headers: { 'Content-Type': 'application/json', ...(calls === '' ? {} : { 'X-Calls': calls }) },
        });
      if (job.status === 'succeeded') return answer(200, job.result);
      if (job.status === 'cancelled' || stop)
        return answer(499, { error: 'cancelled', detail: 'the job was cancelled: nothing was counted' });
      if (job.status === 'failed') {
        const code = job.error?.error === 'noPlanFound' ? 422 : job.error?.error === 'validation' ? 400 : 500;
        return answer(code, job.error ?? { error: 'internal', detail: 'the job failed' });
      }
      const wait = Math.min(5, Math.max(0.5, Number(res.headers.get('Retry-After') ?? '1')));
      // Cancel wakes the wait: the next poll, after the DELETE, shows the job cancelled.
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, wait * 1000);
      });
      await deleting;
    }
  } finally {
    cancelled = null;
    cancelJob.hidden = true;
  }
}

function show(plan: OptimiseResponse, minRemnant: number, materialWidth: number | null): void {
  const unit = plan.meta.unit;
  const cert = certificate(plan);
  const certNode = $('certificate');
  certNode.textContent = cert.text;
  certNode.className = `certificate ${cert.proven ? 'proven' : 'gap'}`;
  const s = plan.stats;
  $('summary').textContent =
    `${plan.plan.stockBarsUsed} bars to buy · ${s.totalParts} pieces · yield ${formatNumber(s.yieldPercent)} % · waste ${formatNumber(plan.plan.totalWaste)} ${unit}${s.totalCost === null ? '' : ` · cost ${formatNumber(s.totalCost)}`} · solved in ${Math.round(plan.plan.solveTimeMs)} ms`;
  const rows = plan.plan.purchases.map((p) => {
    const tr = document.createElement('tr');
    for (const cell of [
      `${formatNumber(p.length)} ${unit}${p.material === undefined ? '' : ` (${p.material})`}`,
      String(p.count),
      p.price === undefined ? '—' : formatNumber(p.price),
      p.cost === undefined ? '—' : formatNumber(p.cost),
    ]) {
      const td = document.createElement('td');
      td.textContent = cell;
      tr.append(td);
    }
    return tr;
  });
  $('purchases')
    .querySelector('tbody')
    ?.replaceChildren(...rows);
  drawBars($('bars'), plan, minRemnant, materialWidth);
  const leftovers = $('leftovers');
  leftovers.replaceChildren();
  for (const [title, list] of [
    ['Usable remnants', plan.plan.usableRemnants],
    ['Offcuts not needed', plan.plan.unusedOffcuts],
  ] as const) {
    if (list.length === 0) continue;
    const p = document.createElement('p');
    p.textContent = `${title}: ${list.map((l) => `${l.count} × ${formatNumber(l.length)} ${unit}`).join(', ')}`;
    leftovers.append(p);
  }
  result.hidden = false;
  $('result-title').focus();
}

/**
 * Solves the last plan again at `path` (the PDF, the saw list, the labels) and saves what comes back; a
 * plan stored against the rack is not solved again: its stored files are fetched (`stored`).
 */
async function download(
  path: string,
  button: HTMLButtonElement,
  fallbackName: string,
  stored: string,
): Promise<void> {
  if (lastBody === null) return;
  clearErrors();
  button.disabled = true;
  try {
    const res =
      lastPlanId === null
        ? await fetch(api(path), { method: 'POST', headers: headers(), body: JSON.stringify(lastBody) })
        : await fetch(api(`v1/plans/${encodeURIComponent(lastPlanId)}/${stored}`), { headers: headers() });
    $('calls').textContent = callsLeft(res) || $('calls').textContent;
    if (!res.ok) {
      showErrors(await errorOf(res));
      return;
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } finally {
    button.disabled = false;
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void solve();
});
input('parts').addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    form.requestSubmit();
  }
});
pdfButton.addEventListener(
  'click',
  () => void download('v1/optimise/pdf', pdfButton, 'cutting-plan.pdf', 'pdf'),
);
sawListButton.addEventListener(
  'click',
  () => void download('v1/optimise/csv', sawListButton, 'saw-list.csv', 'csv'),
);
labelsButton.addEventListener(
  'click',
  () => void download('v1/optimise/labels', labelsButton, 'labels.pdf', 'labels'),
);

interface RackEntryView {
  readonly id: string;
  readonly length: number;
  readonly quantity: number;
  readonly material: string | null;
  readonly label: string | null;
  readonly location: string | null;
  readonly source: string;
}

/** Lists the workspace's rack (the first 500 entries) under the switch. */
async function showRack(): Promise<void> {
  const list = $('rack-list');
  const res = await fetch(api('v1/offcuts?pageSize=500'), { headers: headers() });
  if (!res.ok) {
    showErrors(await errorOf(res));
    return;
  }
  const page = (await res.json()) as { unit: string | null; offcuts: RackEntryView[] };
  const unit = page.unit ?? '';
  const items = page.offcuts.map((o) => {
    const li = document.createElement('li');
    const where = [o.material ?? 'untagged', o.label, o.location].filter((x) => x !== null).join(' · ');
    li.textContent = `${o.quantity} × ${formatNumber(o.length)} ${unit} (${where})${o.source === 'hand' ? '' : ' from a booked plan'}`;
    return li;
  });
  if (items.length === 0) {
    const li = document.createElement('li');
    li.textContent = 'The rack is empty: add offcuts with POST /v1/offcuts or `cutplan rack import`.';
    items.push(li);
  }
  list.replaceChildren(...items);
}

/** Books the stored plan: the offcuts it used leave the rack, its leftovers join it (once). */
async function markAsCut(): Promise<void> {
  if (lastPlanId === null) return;
  clearErrors();
  markCut.disabled = true;
  const res = await fetch(api(`v1/plans/${encodeURIComponent(lastPlanId)}/cut`), {
    method: 'POST',
    headers: headers(),
  });
  if (!res.ok) {
    markCut.disabled = false;
    showErrors(await errorOf(res));
    return;
  }
  const record = (await res.json()) as { taken: { quantity: number }[]; racked: { quantity: number }[] };
  const count = (lines: { quantity: number }[]) => lines.reduce((n, l) => n + l.quantity, 0);
  $('booking').textContent =
    `Booked: ${count(record.taken)} offcuts taken off the rack, ${count(record.racked)} leftovers put on.`;
  await showRack();
}

$('show-rack').addEventListener('click', () => void showRack());
markCut.addEventListener('click', () => void markAsCut());

const key = input('key');
key.value = sessionStorage.getItem(KEY_STORAGE) ?? '';
/** The rack belongs to a key's workspace: its controls show only while a key is stored. */
const updateRackPanel = (): void => {
  rackPanel.hidden = key.value.trim() === '';
};
updateRackPanel();
key.addEventListener('change', () => {
  if (key.value.trim() === '') sessionStorage.removeItem(KEY_STORAGE);
  else sessionStorage.setItem(KEY_STORAGE, key.value.trim());
  updateRackPanel();
});

// Opened with a job in the query string (a shared link): fill the form, and solve at once only on the
// free tier. With a key stored in this tab any page could send the user here and spend the key's calls,
// so then the user presses Solve.
const linked = valuesOfQuery(location.search);
for (const name of LINK_FIELDS) {
  const value = linked[name];
  if (value === undefined) continue;
  if (name === 'trim') input('trim').checked = value === 'true' || value === '1';
  else if (name === 'method') $<HTMLSelectElement>('f-method').value = value === 'balanced' ? '' : value;
  else input(name).value = value;
}
if (linked.parts !== undefined) {
  if (key.value.trim() === '') void solve();
  else {
    $('link-note').hidden = false;
    solveButton.focus();
  }
}
