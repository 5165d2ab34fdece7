export { angleSetupsLowerBound } from './bound.ts';
export { angleSetupKey } from './count.ts';
export { fewestAngleSetups } from './fewest-setups.ts';
