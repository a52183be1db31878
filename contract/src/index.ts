// The shapes of the server's staff REST routes and live event streams (README.md).
export * from './catalog.js';
export * from './dashboard.js';
export * from './error-codes.js';
export * from './jobs.js';
export * from './kitchen.js';
export * from './mailbox.js';
export * from './media.js';
export * from './order-events.js';
export * from './permissions.js';
export * from './printing.js';
export * from './rest.js';
export * from './figures.js';
export * from './orders-admin.js';
export * from './time-slots.js';
export * from './sold-out.js';
export * from './shop-settings.js';
export * from './catalog-taxonomies.js';
