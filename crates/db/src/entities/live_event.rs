use sea_orm::entity::prelude::*;

/// A change the pages follow live: `kind` (order, quote, payment), what it is about, and who may
/// hear of it besides staff: the appraisers (comma-separated ids) and the firm of the order; or
/// the news that `user_id`'s sessions ended or their record changed (`user_changed`), which only
/// the server copies hear.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "live_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub kind: String,
    pub order_id: Option<i64>,
    pub quote_id: Option<i64>,
    #[sea_orm(column_type = "Text")]
    pub appraiser_ids: String,
    pub company_id: Option<i32>,
    pub user_id: Option<i32>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
