export * from './users.js';
export * from './events.js';
export * from './tickets.js';
export * from './registrants.js';
export * from './metrics.js';
export * from './settings.js';
export * from './uploads.js';
export * from './money.js';
