/**
 * Lambda entry for `POST /v1/mcp` (the MCP tools), streamed with keep-alive like optimise. The renderer
 * (pdf-lib, fonts) loads on the first PDF.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { makeMcpHandler } from './handlers/mcp-handler.ts';
import { streamingLambda } from './shared/http/lambda-stream.ts';
import { lazyPdfRenderer } from './shared/real-pdf.ts';
import { solveServices } from './shared/services.ts';
import { STREAMED } from './shared/streaming.ts';

export const handler = streamingLambda(
  makeMcpHandler({ ...(await solveServices()), renderPdf: lazyPdfRenderer() }),
  STREAMED.mcp,
);
