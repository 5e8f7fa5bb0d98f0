export { ConfigError, loadConfig, type Config } from './config.ts';
