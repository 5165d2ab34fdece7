/** What every page builder needs: the plan, the number formats, the pen and the printable frame. */
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import type { Formats } from './format.ts';
import type { Frame } from './model.ts';
import type { Pen } from './pen.ts';

export interface PageContext {
  readonly request: OptimiseRequest;
  readonly response: OptimiseResponse;
  readonly fmt: Formats;
  readonly pen: Pen;
  readonly frame: Frame;
}
