export * from './catalog.js';
export * from './settings.js';
