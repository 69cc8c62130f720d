/**
 * `@clip/sdk/contract`: what the server shares with the clients, without the client. Constants, the
 * request and answer schemas, the error envelope and the input checks; the server imports this rather
 * than the index so an idle server (and its bundle, ADR 0023) does not load the HTTP client.
 */
export * from './constants.ts';
export * from './contract/index.ts';
export * from './errors.ts';
export * from './validation.ts';
