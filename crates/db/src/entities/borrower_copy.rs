use sea_orm::entity::prelude::*;

/// A link that sends the borrower their copy of the appraisal (the report file it names), valid
/// until `expires_at`; only the token's hash is kept.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "borrower_copies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub email: String,
    pub file_id: i64,
    pub sent_by: i32,
    pub sent_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
