export * from './catalog.js';
export * from './settings.js';
export * from './commerce.js';
export * from './accounts.js';
