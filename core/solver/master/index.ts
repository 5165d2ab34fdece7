export { type Arc, ColumnGeneration, type Residual, safeCeil } from './column-generation.ts';
