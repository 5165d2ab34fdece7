/** The response body's schemas (valibot), from which its types and the OpenAPI document derive. */
export * from './schemas.ts';
