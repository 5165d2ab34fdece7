export { type AngleBar, angleBarModel } from './angle-bar.ts';
export { type BarModel, barModel, pieceLabel, pieceStarts, type Span, type SpanKind } from './bar.ts';
export type { CutRow, PieceInfo } from './cut-row.ts';
export { type PlacedBar, placedBars } from './placed-bars.ts';
