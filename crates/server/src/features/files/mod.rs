//! Files: upload with type and size checks, downloads
//! with the same access rules as the order or appraiser a file belongs to.
//!
//! For other features: `state.storage` (`crate::platform::storage::Storage`, a local folder or
//! S3-compatible) writes and reads bytes as streams; `download::json_response` and
//! `platform::file_response::stream_response` answer with a stored file
//! (`portal_db::entities::stored_file::Model`) once the caller's access has been checked.
pub mod download;
pub mod file_types;
pub mod kinds;
pub mod precheck;
pub mod upload;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(upload::router())
        .merge(download::router())
        .merge(file_types::router())
        .merge(precheck::router())
}
