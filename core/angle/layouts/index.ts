export { angleLayouts } from './layouts.ts';
