export * from './catalog.js';
export * from './settings.js';
export * from './commerce.js';
export * from './api-keys.js';
