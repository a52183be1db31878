export * from './catalog.js';
export * from './settings.js';
export * from './commerce.js';
export * from './events.js';
export * from './printing.js';
export * from './api-keys.js';
export * from './accounts.js';
export * from './staff-logins.js';
