//! Where file bytes live: a local folder by default, S3-compatible object storage when the
//! storage URL is `s3://bucket/prefix`. Files are written and read as streams, never whole.
use std::sync::Arc;

use bytes::Bytes;
use futures_util::stream::BoxStream;
use futures_util::{StreamExt, TryStreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, WriteMultipart};
use sha2::{Digest, Sha256};

use crate::platform::config::Config;
use crate::platform::http::error::AppError;

/// S3's smallest multipart part; also bounds what one upload holds in memory.
const PART_BYTES: usize = 5 * 1024 * 1024;

#[derive(Clone, Debug)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    prefix: ObjectPath,
}

/// A file being written: bytes go out in parts as they arrive.
pub struct StorageWriter {
    writer: WriteMultipart,
    hasher: Sha256,
    size: u64,
    pub key: String,
}

/// What was written.
pub struct StoredObject {
    pub key: String,
    pub size: u64,
    pub sha256: String,
}

impl Storage {
    pub fn from_config(config: &Config) -> Result<Storage, String> {
        if let Some(rest) = config.storage_url.strip_prefix("s3://") {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            let mut builder = AmazonS3Builder::new()
                .with_bucket_name(bucket)
                .with_region(&config.storage_s3_region);
            if !config.storage_s3_endpoint.is_empty() {
                builder = builder
                    .with_endpoint(&config.storage_s3_endpoint)
                    .with_allow_http(config.storage_s3_endpoint.starts_with("http://"))
                    .with_virtual_hosted_style_request(false);
            }
            if !config.storage_s3_access_key_id.is_empty() {
                builder = builder
                    .with_access_key_id(&config.storage_s3_access_key_id)
                    .with_secret_access_key(&config.storage_s3_secret_access_key);
            }
            let store = builder.build().map_err(|e| format!("PORTAL_STORAGE_URL: {e}"))?;
            return Ok(Storage { store: Arc::new(store), prefix: ObjectPath::from(prefix) });
        }
        if config.storage_url.contains("://") {
            return Err(format!(
                "PORTAL_STORAGE_URL must be a folder or s3://bucket/prefix (got '{}')",
                config.storage_url
            ));
        }
        std::fs::create_dir_all(&config.storage_url)
            .map_err(|e| format!("cannot create {}: {e}", config.storage_url))?;
        let store = LocalFileSystem::new_with_prefix(&config.storage_url)
            .map_err(|e| format!("PORTAL_STORAGE_URL {}: {e}", config.storage_url))?
            .with_automatic_cleanup(true);
        Ok(Storage { store: Arc::new(store), prefix: ObjectPath::default() })
    }

    fn path(&self, key: &str) -> ObjectPath {
        key.split('/').fold(self.prefix.clone(), |path, part| path.clone().join(part))
    }

    /// Starts a new object under a generated key (never the user's file name).
    pub async fn create(&self) -> Result<StorageWriter, AppError> {
        let now = chrono::Utc::now();
        let key = format!("{}/{}", now.format("%Y/%m"), uuid::Uuid::new_v4());
        let upload = self.store.put_multipart(&self.path(&key)).await.map_err(internal)?;
        Ok(StorageWriter {
            writer: WriteMultipart::new_with_chunk_size(upload, PART_BYTES),
            hasher: Sha256::new(),
            size: 0,
            key,
        })
    }

    /// Writes a whole object from memory (demo data, small generated files).
    pub async fn put_bytes(&self, bytes: &[u8]) -> Result<StoredObject, AppError> {
        let mut writer = self.create().await?;
        writer.write(bytes).await?;
        writer.finish().await
    }

    pub async fn read_stream(
        &self,
        key: &str,
    ) -> Result<BoxStream<'static, Result<Bytes, std::io::Error>>, AppError> {
        let result = self.store.get(&self.path(key)).await.map_err(internal)?;
        Ok(result.into_stream().map_err(std::io::Error::other).boxed())
    }

    pub async fn read_all(&self, key: &str) -> Result<Bytes, AppError> {
        self.store.get(&self.path(key)).await.map_err(internal)?.bytes().await.map_err(internal)
    }

    /// Best effort: a leftover object costs space, never correctness (no row points at it).
    pub async fn delete(&self, key: &str) {
        if let Err(e) = self.store.delete(&self.path(key)).await {
            tracing::warn!(key, error = %e, "could not delete a stored file");
        }
    }
}

impl StorageWriter {
    pub async fn write(&mut self, chunk: &[u8]) -> Result<(), AppError> {
        self.size += chunk.len() as u64;
        self.hasher.update(chunk);
        self.writer.write(chunk);
        self.writer.wait_for_capacity(2).await.map_err(internal)
    }

    pub fn size(&self) -> u64 {
        self.size
    }

    pub async fn finish(self) -> Result<StoredObject, AppError> {
        self.writer.finish().await.map_err(internal)?;
        let sha256 = self.hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
        Ok(StoredObject { key: self.key, size: self.size, sha256 })
    }

    pub async fn abort(self) {
        if let Err(e) = self.writer.abort().await {
            tracing::warn!(key = self.key, error = %e, "could not abort a partial upload");
        }
    }
}

fn internal(e: object_store::Error) -> AppError {
    AppError::internal("storage", &e)
}
