export * from './envelope.js';
export * from './lang.js';
export * from './limits.js';
export * from './menu.js';
export * from './messages.js';
export * from './permissions.js';
export * from './returncodes.js';
export * from './session.js';
