export {
  ConfigError,
  loadConfig,
  type Config,
  type DocumentStorageConfig,
  type LocalStorageConfig,
  type ProvidersConfig,
  type SandboxConfig,
  type S3StorageConfig,
  type TrustProxy,
} from './config.ts';
export { isLoopbackHostname, isLoopbackOrigin } from './loopback.ts';
