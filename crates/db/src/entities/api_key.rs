use sea_orm::entity::prelude::*;

/// A key of the public API for one client: only its SHA-256 is kept; `prefix` names it in lists.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "api_keys")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    pub name: String,
    pub prefix: String,
    pub key_hash: String,
    pub created_by_user_id: Option<i32>,
    pub created_at: DateTimeUtc,
    pub last_used_at: Option<DateTimeUtc>,
    pub revoked_at: Option<DateTimeUtc>,
    /// Space-separated scopes (`orders:read orders:write ...`).
    pub scopes: String,
    /// The last day the key works; None: no end.
    pub expires_on: Option<Date>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
