/** Lambda entry for `POST /v1/mcp` (the MCP tools). The renderer (pdf-lib, fonts) loads on the first PDF. */
import { makeMcpHandler } from './handlers/mcp-handler.ts';
import { lazyPdfRenderer } from './shared/real-pdf.ts';
import { solveServices } from './shared/services.ts';

export const handler = makeMcpHandler({ ...(await solveServices()), renderPdf: lazyPdfRenderer() });
