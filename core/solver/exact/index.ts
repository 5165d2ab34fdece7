export { packExactly } from './exact-pack.ts';
export { PerfectPacking } from './perfect-packing.ts';
