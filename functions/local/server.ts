/**
 * `npm start`: the whole service on one machine, no AWS account needed. Each HTTP request becomes the API
 * Gateway event the deployed API would send and runs through the same handlers with the same production
 * composition (real core, LP engine created once). Environment: `PORT` (default 3000), `HOST` (default
 * 127.0.0.1; 0.0.0.0 to listen on every interface), `TRUST_PROXY=1` to take the caller's IP from the
 * first `X-Forwarded-For` hop (only behind a proxy you run).
 */
import type { AddressInfo } from 'node:net';
import {
  makeFallbackHandler,
  makeHealthHandler,
  makeOptimiseHandler,
  makeOptimisePdfHandler,
} from '../handlers/index.ts';
import { jsonLogger } from '../shared/log.ts';
import { SOLVER_NAME } from '../shared/real-core.ts';
import { lazyPdfRenderer } from '../shared/real-pdf.ts';
import { solveServices } from '../shared/services.ts';
import { VERSION } from '../shared/version.ts';
import { createLocalServer } from './local-server.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const trustProxy = process.env.TRUST_PROXY === '1';
const log = jsonLogger((line) => process.stderr.write(line));

const services = await solveServices({ log });
const server = createLocalServer({
  handlers: {
    optimise: makeOptimiseHandler(services),
    'optimise-pdf': makeOptimisePdfHandler({ ...services, renderPdf: lazyPdfRenderer() }),
    health: makeHealthHandler({ log, version: VERSION, solver: SOLVER_NAME }),
    fallback: makeFallbackHandler({ log }),
  },
  trustProxy,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});

server.listen(port, host, () => {
  const { port: bound } = server.address() as AddressInfo;
  const shown = host === '127.0.0.1' || host === '::1' ? 'localhost' : host;
  console.log(`cutplan ${VERSION} listening on http://${shown}:${bound}`);
  console.log(`  solver: ${SOLVER_NAME}; limits: public tier, not counted (pass-through admitter)`);
  console.log(`  try: curl 'http://localhost:${bound}/v1/optimise?parts=500x4,300x2&stock=1000'`);
});
server.on('error', (error) => {
  console.error(`cutplan: cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1); // a second Ctrl-C: stop now
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  });
}
