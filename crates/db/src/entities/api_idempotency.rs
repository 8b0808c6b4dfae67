use sea_orm::entity::prelude::*;

/// An order created through the API under an `Idempotency-Key`, with the hash of the body it came
/// with.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "api_idempotency")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub client_id: i32,
    pub idempotency_key: String,
    pub request_sha256: String,
    pub order_id: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
