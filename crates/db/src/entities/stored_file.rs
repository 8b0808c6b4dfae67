use sea_orm::entity::prelude::*;

/// A file kept in storage under `storage_key` (never the user's name), for an order or an
/// appraiser.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stored_files")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub storage_key: String,
    pub file_name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub file_type_id: Option<i32>,
    pub uploaded_by: Option<i32>,
    pub uploaded_at: DateTimeUtc,
    pub order_id: Option<i64>,
    pub appraiser_user_id: Option<i32>,
    pub hide: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
