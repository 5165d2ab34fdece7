export { squareLayouts } from './layouts.ts';
