export { type RunningApp, startApp } from './app.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { main } from './main.ts';
export { type ResetResult, resetAdminPassword } from './resetAdminPassword.ts';
