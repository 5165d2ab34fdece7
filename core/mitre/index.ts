export { angleText, barHeight, placeAngleLabels } from './drawing.ts';
export { type EdgeFigures, edgeFigures, edgesFit, gapBelow, gapBetween, materialLength } from './exact.ts';
export {
  type Cut,
  EdgeTable,
  type LaidPiece,
  place,
  sequenceSpan,
  type Turn,
  turned,
  turnsAllowed,
} from './mitre.ts';
