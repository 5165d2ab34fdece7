export { packExactly } from './exact-pack.ts';
export {
  isFullBarJob,
  type Packer,
  packerFirstOps,
  packerOpsLeft,
  perfectPacker,
  runPacker,
} from './packer.ts';
export { PerfectPacking } from './perfect-packing.ts';
export { PACKER_SLICE } from './tuning.ts';
