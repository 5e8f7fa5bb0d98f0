export { ConfigError, loadConfig, type Config, type TrustProxy } from './config.ts';
