// Placeholder until the HTTP surface lands: answers GET /v1/health only.
import { createServer } from 'node:http';
import pkg from '../../package.json' with { type: 'json' };

const port = Number(process.env.PORT ?? 3000);
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/v1/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', version: pkg.version, solver: 'pending' }));
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: 'notFound', detail: 'only GET /v1/health is served so far' }));
});
server.listen(port, () => console.log(`cutplan (placeholder) on http://localhost:${port}`));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close(() => process.exit(0)));
