use sea_orm::entity::prelude::*;

/// What a client is charged for a product (its own price list; other products come from the
/// products' client fees).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "client_prices")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub client_id: i32,
    #[sea_orm(primary_key, auto_increment = false)]
    pub report_type_id: i32,
    pub fee_cents: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
