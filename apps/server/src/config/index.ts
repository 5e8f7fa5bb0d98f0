export {
  ConfigError,
  loadConfig,
  type Config,
  type DocumentStorageConfig,
  type LocalStorageConfig,
  type S3StorageConfig,
  type TrustProxy,
} from './config.ts';
