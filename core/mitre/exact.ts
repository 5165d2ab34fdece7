/**
 * The exactness rule of angle cuts (docs/angle-cuts.md, "Exactness"), shared by the solver and the
 * verifier: the one place where an irrational figure of a mitre (w·|cot a|, K / sin a) becomes an integer
 * number of scale units, each rounded in the direction that keeps plans fitting the real bar and bounds
 * valid for the real geometry. Everything else about mitres is integer arithmetic on these figures.
 */

/** The integer figures of one cut angle for a material width and a blade width, in scale units. */
export interface EdgeFigures {
  /** The bottom angle in degrees, 10..170 (90 is a square end). */
  readonly angle: number;
  /** ⌊w·|cot a|⌋: the sideways reach rounded down (what nesting may save; never more than the real). */
  readonly reachDown: number;
  /** ⌈w·|cot a|⌉: the sideways reach rounded up (what a piece's material and faces may lose). */
  readonly reachUp: number;
  /** w·|cot a| rounded to the nearest unit (half up): where a drawn cut meets its short face. */
  readonly reachNear: number;
  /** ⌈K / sin a⌉: the blade's width along the bar, rounded up (what a cut takes). */
  readonly kerfAlong: number;
  /** ⌊K / sin a⌋: the same rounded down (for bounds: no real cut takes less). */
  readonly kerfAlongDown: number;
  /** The sign of cot a: +1 when the edge's long point is on the bottom face, −1 on the top, 0 when square. */
  readonly lean: -1 | 0 | 1;
}

/** Relative margin for float noise: a value this close to an integer is rounded as if just past it. */
const MARGIN = 1e-9;

/** The smallest integer ≥ x for an irrational x computed in floats (safe: may be one more). */
function upIrrational(x: number): number {
  return Math.floor(x + MARGIN * Math.max(1, Math.abs(x))) + 1;
}

/** The largest integer ≤ x for an irrational x computed in floats (safe: may be one less). */
function downIrrational(x: number): number {
  return Math.ceil(x - MARGIN * Math.max(1, Math.abs(x))) - 1;
}

const rad = (deg: number): number => (deg * Math.PI) / 180;

/**
 * The rule. Angles whose figures are rational are computed exactly (cot 45° = 1, sin 30° = ½, 90°);
 * every other angle a in degrees has an irrational cot and sin (Niven), so the float value is rounded
 * outward with a margin, which can only make a gap wider or a saving smaller than the real one.
 */
export function edgeFigures(angle: number, width: number, kerf: number): EdgeFigures {
  const a = angle;
  const lean: -1 | 0 | 1 = a < 90 ? 1 : a > 90 ? -1 : 0;
  let reachDown: number;
  let reachUp: number;
  let reachNear: number;
  if (a === 90 || width === 0) {
    reachDown = reachUp = reachNear = 0;
  } else if (a === 45 || a === 135) {
    reachDown = reachUp = reachNear = width;
  } else {
    const r = width / Math.abs(Math.tan(rad(a)));
    reachDown = Math.max(0, downIrrational(r));
    reachUp = upIrrational(r);
    reachNear = Math.floor(r + 0.5);
  }
  let kerfAlong: number;
  let kerfAlongDown: number;
  if (a === 90 || kerf === 0) kerfAlong = kerfAlongDown = kerf;
  else if (a === 30 || a === 150) kerfAlong = kerfAlongDown = 2 * kerf;
  else {
    const k = kerf / Math.sin(rad(a));
    kerfAlong = upIrrational(k);
    kerfAlongDown = Math.max(kerf, downIrrational(k));
  }
  return { angle: a, reachDown, reachUp, reachNear, kerfAlong, kerfAlongDown, lean };
}

/**
 * The least distance along the bar from one piece's right tip to the next piece's left tip, when the
 * first piece's right edge has figures `right` and the next piece's left edge `left`: the wider blade
 * of the two, less what the pair nests (the smaller reach, when the edges lean opposite ways, one
 * piece's long point under the other's short face). Negative when they nest by more than a kerf.
 */
export function gapBetween(right: EdgeFigures, left: EdgeFigures): number {
  const blade = Math.max(right.kerfAlong, left.kerfAlong);
  const nests = right.lean !== 0 && left.lean !== 0 && right.lean !== left.lean;
  return nests ? blade - Math.min(right.reachDown, left.reachDown) : blade;
}

/**
 * The same gap with every figure rounded the other way (narrower blades, deeper nesting): never more than
 * the real least gap, so a bound computed with it holds for the real geometry.
 */
export function gapBelow(right: EdgeFigures, left: EdgeFigures): number {
  const blade = Math.max(right.kerfAlongDown, left.kerfAlongDown);
  const nests = right.lean !== 0 && left.lean !== 0 && right.lean !== left.lean;
  return nests ? blade - Math.min(right.reachUp, left.reachUp) : blade;
}

/** True when two facing edges are made by one saw cut: parallel (the angles add up to 180). */
export function sharesCut(rightAngle: number, leftAngle: number): boolean {
  return rightAngle + leftAngle === 180;
}

/**
 * A piece's material length (area / width, the mean of its bottom and top lengths), rounded down:
 * `L − ⌈(reachUp(left) + reachUp(right)) / 2⌉`. Never more than the real, so area bounds stay valid.
 */
export function materialLength(length: number, left: EdgeFigures, right: EdgeFigures): number {
  return length - Math.ceil((left.reachUp + right.reachUp) / 2);
}

/**
 * True when a piece of tip-to-tip `length` keeps a face of positive length on both sides (its edges
 * neither cross nor meet): on each face, the reaches of the edges whose long point lies on the other face
 * (rounded up) are less than the length.
 */
export function edgesFit(length: number, left: EdgeFigures, right: EdgeFigures): boolean {
  const onFace = (lean: -1 | 1): number =>
    (left.lean === lean ? left.reachUp : 0) + (right.lean === lean ? right.reachUp : 0);
  return onFace(1) < length && onFace(-1) < length;
}
