export { packExactly } from './exact-pack.ts';
export { budgetBeside, isFullBarJob, type Packer, PackerRun, perfectPacker, runPacker } from './packer.ts';
export { type PackerSchedule, packerFirstOps, phasedSchedule, upfrontSchedule } from './packer-schedule.ts';
export { PerfectPacking } from './perfect-packing.ts';
export { PACKER_SLICE } from './tuning.ts';
