export * from './tabla.js';
export { default } from './tabla.js';
