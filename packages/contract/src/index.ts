export * from './auth.ts';
export * from './document.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './menu.ts';
export * from './paths.ts';
export * from './roles.ts';
export * from './signature.ts';
