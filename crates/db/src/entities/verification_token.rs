use sea_orm::entity::prelude::*;

/// A sign-in waiting for its second factor. `id` is the SHA-256 of the token given to the client.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "verification_tokens")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: i32,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    /// "email" or "phone", once a code was sent.
    pub method: Option<String>,
    pub destination: Option<String>,
    /// SHA-256 of the current code.
    pub code_hash: Option<String>,
    pub code_expires_at: Option<DateTimeUtc>,
    pub attempts: i32,
    pub sends: i32,
    pub last_sent_at: Option<DateTimeUtc>,
    pub used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
