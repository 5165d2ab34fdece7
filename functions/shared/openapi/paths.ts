/** Where the public documents are served (the route table and the document both use these). */
export const OPENAPI_PATH = '/v1/openapi.json';
export const PLAYGROUND_PATH = '/';
