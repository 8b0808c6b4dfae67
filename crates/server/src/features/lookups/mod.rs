//! Lookups under /api/constants, answered from memory. States and counties
//! (`crate::platform::geography`) come from the U.S. Census Bureau's 2020 FIPS lists shipped in
//! crates/server/data (see SOURCE.md there).
pub mod routes;

use serde::Serialize;
use utoipa::ToSchema;

/// A lookup option: label and value, optionally id.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OptionItem {
    pub label: String,
    pub value: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<i32>,
}

impl OptionItem {
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Self {
        OptionItem { label: label.into(), value: value.into(), id: None }
    }

    pub fn with_id(label: impl Into<String>, id: i32) -> Self {
        OptionItem { label: label.into(), value: id.to_string(), id: Some(id) }
    }
}
