// Side effect only: see node-major.js.
export {};
